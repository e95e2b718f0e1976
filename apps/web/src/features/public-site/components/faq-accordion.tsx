import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { FAQ_ITEMS } from '../faq.ts';

/** One answer open at a time; clicking the open question closes it. */
export function FaqAccordion() {
  return (
    <Accordion
      type="single"
      collapsible
      className="rounded-2xl border border-slate-200 bg-white px-5 sm:px-8 dark:border-slate-800 dark:bg-slate-900"
    >
      {FAQ_ITEMS.map((item) => (
        <AccordionItem key={item.question} value={item.question}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>
            <p className="max-w-2xl leading-relaxed text-slate-600 dark:text-slate-300">{item.answer}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
