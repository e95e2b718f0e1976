import type { UseFormRegisterReturn } from 'react-hook-form';
import { DialogFormActions } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { useFlows } from '../../flows/api/get-flows.ts';

/**
 * The end of the endpoint and Slack dialogs: which flow's leads it hears ("Every flow" is the
 * empty value), then Cancel and the dialog's submit button.
 */
export function EndpointDialogFooter({
  flowField,
  flowError,
  submitLabel,
  isPending,
}: {
  flowField: UseFormRegisterReturn<'flowId'>;
  flowError: string | undefined;
  submitLabel: string;
  isPending: boolean;
}) {
  const flows = useFlows();
  return (
    <>
      <FormField label="Flow" error={flowError}>
        {(control) => (
          <Select {...control} disabled={flows.isPending} {...flowField}>
            <option value="">Every flow</option>
            {flows.data?.data.map((flow) => (
              <option key={flow.flowId} value={flow.flowId}>
                {flow.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <DialogFormActions submitLabel={submitLabel} isPending={isPending} />
    </>
  );
}
