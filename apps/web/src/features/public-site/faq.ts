export type FaqItem = { question: string; answer: string };

/** The pricing page's questions; also its FAQPage structured data. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What counts as a notification?',
    answer:
      'Each lead your website sends to Leadbell counts once: one inquiry, booking or order is one notification, however many of your devices it reaches.',
  },
  {
    question: 'What happens if I go over my plan’s volume?',
    answer:
      'On Growth, Pro and Elite nothing stops: extra notifications are billed at the rate on your plan card. Starter stops at 20 notifications a month and starts again with the next month.',
  },
  {
    question: 'Can I change my plan later?',
    answer:
      'Yes, whenever you like, from your account. A larger plan starts at once, so a busy month never stops your leads; a smaller one takes effect from your next billing cycle, so you never pay twice for the same month.',
  },
  {
    question: 'Is there a contract or a minimum term?',
    answer: 'No. Every plan is month to month with no contract, and you can cancel any month.',
  },
  {
    question: 'Are taxes included in the prices?',
    answer: 'Prices are in US dollars and exclude taxes. Any tax is calculated at checkout from your billing address.',
  },
  {
    question: 'Do I need a developer to connect my website?',
    answer:
      'If your website can send a web request when a form is submitted, it can use Leadbell: it takes a few lines of code, and our blog walks through a contact form step by step.',
  },
  {
    question: 'How do the notifications reach my phone?',
    answer:
      'Through your phone’s own push notifications, without an app store download: open Leadbell on your phone, allow notifications, and new leads arrive on your lock screen. On an iPhone, add Leadbell to your Home Screen first.',
  },
];
