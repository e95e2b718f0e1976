import { Check, Minus, X } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

type Verdict = 'yes' | 'partly' | 'no';

const COLUMNS = ['Leadbell', 'Email alerts', 'Chatbots'] as const;

const ROWS: { feature: string; verdicts: [Verdict, Verdict, Verdict] }[] = [
  { feature: 'Reaches you within seconds, on your lock screen', verdicts: ['yes', 'partly', 'no'] },
  { feature: 'A real person answers the customer', verdicts: ['yes', 'yes', 'no'] },
  { feature: 'Stands out from newsletters and spam', verdicts: ['yes', 'no', 'partly'] },
  { feature: 'Works with the forms you already have', verdicts: ['yes', 'yes', 'no'] },
  { feature: 'Set up in minutes, nothing to script', verdicts: ['yes', 'yes', 'no'] },
];

const VERDICT = {
  yes: {
    label: 'Yes',
    Icon: Check,
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  },
  partly: {
    label: 'Partly',
    Icon: Minus,
    className: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  },
  no: { label: 'No', Icon: X, className: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400' },
} as const;

export function Comparison() {
  return (
    <section aria-labelledby="compare-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading id="compare-heading" title="Why not just email, or a chatbot?">
        Email alerts wait in an inbox between newsletters. Chatbots answer instantly but cannot close the sale. Leadbell
        gets a real person on the phone while the lead is warm.
      </SectionHeading>
      <div className="mt-12 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm sm:text-base">
          <thead className="bg-slate-50 dark:bg-slate-800/50">
            <tr>
              <th scope="col" className="px-3 py-4 font-semibold text-slate-900 sm:px-6 dark:text-white">
                <span className="sr-only">Feature</span>
              </th>
              {COLUMNS.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`w-16 px-1 py-4 text-center text-xs font-semibold sm:w-36 sm:px-4 sm:text-sm ${
                    index === 0 ? 'text-brand-700 dark:text-brand-300' : 'text-slate-700 dark:text-slate-300'
                  }`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="px-3 py-4 font-medium text-slate-700 sm:px-6 dark:text-slate-200">
                  {row.feature}
                </th>
                {row.verdicts.map((verdict, index) => {
                  const { label, Icon, className } = VERDICT[verdict];
                  return (
                    <td key={COLUMNS[index]} className="px-1 py-4 text-center sm:px-4">
                      <span className={`inline-flex size-8 items-center justify-center rounded-full ${className}`}>
                        <Icon aria-hidden="true" className="size-4" />
                        <span className="sr-only">{label}</span>
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
