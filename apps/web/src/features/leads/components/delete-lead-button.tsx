import { LEAD_RESTORABLE_DAYS, type LeadDetail } from '@leadbell/shared/leads';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRemoval } from '../../../lib/use-removal.ts';
import { deleteLead } from '../api/delete-lead.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { dropLeadFromLists } from '../apply-lead-state.ts';

type DeleteLeadButtonProps = { lead: Pick<LeadDetail, 'id' | 'title'>; onDeleted: () => void };

/**
 * "Delete lead", for admins (issue 25), behind a confirmation that says what it does: the lead
 * leaves every list, the insights and the exports, and can be restored for 30 days.
 */
export function DeleteLeadButton({ lead, onDeleted }: DeleteLeadButtonProps) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const removal = useRemoval({
    remove: (leadId: string) => deleteLead(leadId),
    refresh: async (leadId) => {
      dropLeadFromLists(queryClient, leadId);
      // Stale, not refetched now: this card is still on screen and its lead answers 404. The
      // inbox refetches its lists and counts as it opens.
      await queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY, refetchType: 'none' });
    },
    onRemoved: () => {
      setIsConfirming(false);
      onDeleted();
    },
    onClose: () => setIsConfirming(false),
  });
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => setIsConfirming(true)}
        className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete lead
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={removal.onOpenChange}
        title="Delete this lead?"
        description={
          <>
            <p>
              <strong dir="auto" className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                {lead.title}
              </strong>{' '}
              disappears from the inbox and its counts, from insights and from CSV exports, for everyone on your team,
              and the team is no longer reminded of it.
            </p>
            <p className="mt-2">
              You can undo this from the inbox. It can be restored for {LEAD_RESTORABLE_DAYS} days, then it is deleted
              for good.
            </p>
          </>
        }
        confirmLabel="Delete lead"
        onConfirm={() => removal.confirm(lead.id)}
        isPending={removal.isPending}
        error={removal.error}
      />
    </>
  );
}
