import type { FillTimeVerdict } from './spam-score.ts';

/**
 * A labelled set of form submissions for the spam tests, written for them after the kinds that
 * reach small businesses' forms: outreach pitches, scams and link drops, and real inquiries,
 * bookings and orders, in several languages. `fillTime` is what the form's token said: `missing`
 * for a bot posting the form without running the page, `human` for a person in a browser.
 */
export type SpamSample = {
  label: 'spam' | 'genuine';
  data: Record<string, string>;
  fillTime: FillTimeVerdict;
  honeypotFilled?: boolean;
};

export const SPAM_SAMPLES: SpamSample[] = [
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Crypto Desk',
      email: 'profits@mailinator.com',
      message:
        'Turn $250 into $8,000 in a week with our bitcoin trading bot! https://crypto-x.example https://bit.ly/3xYz https://crypto-x.example/join https://crypto-x.example/proof',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Mark',
      email: 'mark.seo@10minutemail.com',
      message:
        'Hi, I visited your website and noticed it is not on the first page of Google. We offer guaranteed SEO backlinks to boost your traffic.',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Алексей',
      email: 'alex@bizmail.example',
      message:
        'Здравствуйте! Предлагаем продвижение вашего сайта и рассылки по базам клиентов. Подробнее: http://promo.example',
    },
  },
  {
    label: 'spam',
    fillTime: 'too_fast',
    data: {
      name: 'Web Solutions',
      email: 'sales@websolutions.example',
      message: 'Dear business owner, our web design agency can redesign your website and increase your sales by 300%.',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    honeypotFilled: true,
    data: { name: 'John', email: 'john@example.com', message: 'Nice site, call me back please when you can.' },
  },
  {
    label: 'spam',
    fillTime: 'forged',
    data: {
      name: 'Lisa',
      email: 'lisa@yopmail.com',
      message: 'Earn passive income from home, no experience needed. Details at https://tinyurl.com/earn-now',
    },
  },
  {
    label: 'spam',
    fillTime: 'replayed',
    data: {
      name: 'Growth Team',
      email: 'growth@leadgen.example',
      message: 'We can boost your leads with a done-for-you campaign. Reply STOP to unsubscribe.',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'CHEAP PILLS',
      email: 'pharmacy@guerrillamail.com',
      message: 'BUY VIAGRA AND CIALIS ONLINE WITHOUT PRESCRIPTION BEST PRICES FAST SHIPPING',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Carlos',
      email: 'carlos@trashmail.com',
      message: 'Hola, ofrecemos posicionamiento web para aumentar sus ventas. Visite https://seo-es.example ahora.',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Link',
      email: 'links@sharklasers.com',
      message: 'https://a.example/1 https://b.example/2 https://c.example/3 https://d.example/4',
    },
  },
  {
    label: 'spam',
    fillTime: 'expired',
    data: {
      name: 'Agence Web',
      email: 'contact@agence.example',
      message: 'Bonjour, notre agence propose le référencement de votre site: augmentez vos ventes dès ce mois-ci !',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'Kasia',
      email: 'kasia@@mail',
      message:
        'Hello dear, I want to share a private investment opportunity with you <a href="https://x.example">here</a>',
    },
  },
  {
    label: 'spam',
    fillTime: 'too_fast',
    data: {
      name: 'Casino Royale',
      email: 'vip@casino.example',
      message: 'Claim your 500 free spins at our online casino today: https://casino.example/vip',
    },
  },
  {
    label: 'spam',
    fillTime: 'missing',
    data: {
      name: 'SEO Expert',
      email: 'seo@rankfast.example',
      message: 'Your Google rankings are dropping. I can get you to the first page of Google with white-hat backlinks.',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Ann Lee',
      email: 'ann.lee@gmail.com',
      phone: '+1 555 0100',
      message: 'Is the two-bedroom flat on Elm Street still available? We would like to view it this weekend.',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: { name: 'Tom', phone: '07911 123456', message: 'Could you give me a quote for a new boiler and fitting?' },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Marie Dupont',
      email: 'marie.dupont@orange.fr',
      message: 'Bonjour, je voudrais réserver une table pour quatre personnes samedi soir à 20h. Merci !',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Jörg Müller',
      email: 'joerg@mueller-bau.de',
      message: 'Guten Tag, wir brauchen ein Angebot für die Renovierung unseres Badezimmers. Wann hätten Sie Zeit?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Lucía',
      email: 'lucia.garcia@hotmail.es',
      message: 'Hola, ¿tienen disponibilidad para una limpieza dental la próxima semana? Gracias.',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Priya Shah',
      email: 'info@shah-dental.example',
      message:
        'We are a dental practice looking for a new website and better SEO. Could you send us your prices and a few examples of your work?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Sam',
      email: 'sam@outlook.com',
      message: 'Hi, I saw this listing https://homes.example/listing/1234 - is the garden south facing?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'not_applicable',
    data: {
      name: 'Order 1042',
      email: 'buyer@gmail.com',
      message: 'Two large pizzas, one vegetarian, delivery at 7pm',
    },
  },
  {
    label: 'genuine',
    fillTime: 'missing',
    data: {
      name: 'Grace',
      phone: '+44 20 7946 0958',
      message: 'Please call me back about the kitchen fitting, thanks',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Hiroshi',
      email: 'hiroshi@example.jp',
      message: 'Hello, I would like to book a guided tour for two people on the 14th. Do you speak Japanese?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Olga',
      email: 'olga.ivanova@yandex.ru',
      message: 'Здравствуйте! Хочу записаться на стрижку в пятницу после шести вечера. Это возможно?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'DAVE',
      email: 'dave.roofing@gmail.com',
      message: 'MY ROOF IS LEAKING AFTER THE STORM, CAN SOMEONE COME OUT TODAY PLEASE',
    },
  },
  {
    label: 'genuine',
    fillTime: 'human',
    data: {
      name: 'Ben',
      email: 'ben@startup.example',
      message:
        'We want to increase our sales in the UK and are looking for an accountant who knows VAT for online shops. Are you taking new clients?',
    },
  },
  {
    label: 'genuine',
    fillTime: 'not_applicable',
    data: {
      name: 'Booking',
      email: 'guest@icloud.com',
      message: 'Room for 2 adults from 3 to 5 May, late arrival around 11pm',
    },
  },
  // Short leads (issue 46's twelfth round): a name and an address alone, which a model trained on a
  // set whose every short lead was a pitch came within 0.1 of quarantining, and a callback request
  // from a plain HTML form.
  {
    label: 'genuine',
    fillTime: 'human',
    data: { name: 'Waiting', email: 'wren.visitor@example.com' },
  },
  {
    label: 'genuine',
    fillTime: 'missing',
    data: { name: 'Ute Brandt', phone: '0172 3344556', message: 'Rückruf bitte, danke' },
  },
];
