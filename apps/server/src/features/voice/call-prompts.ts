import type { CallLanguage, CallVoice } from './call-voice.ts';

/** Leadbell's own words on a lead call, by what each one is for. */
export type CallPrompt =
  | 'newLead'
  | 'stillUnanswered'
  | 'keys'
  | 'noKey'
  | 'connecting'
  | 'noPhone'
  | 'taken'
  | 'passed'
  | 'unknownKey'
  | 'gone';

type Prompts = Record<CallPrompt, string>;

/**
 * Every prompt in each language call-voice.ts has a voice for (decision 082), read by that voice
 * in the business's language like the lead's own words; a language added there does not compile
 * without its prompts here.
 */
const PROMPTS: Record<CallLanguage, Prompts> = {
  en: {
    newLead: 'Leadbell. New lead for:',
    stillUnanswered: 'Leadbell. Still unanswered for:',
    keys: 'Press 1 to take this lead and call the customer now. Press 2 to pass it to the next person.',
    noKey: 'No key was pressed. The lead is still waiting in the app. Goodbye.',
    connecting: 'The lead is yours. Connecting you to the customer now.',
    noPhone: 'The lead is yours. It left no phone number: the details are in the Leadbell app.',
    taken: 'Someone else is already on this lead. Thank you. Goodbye.',
    passed: 'Passed on to the next person. Goodbye.',
    unknownKey: 'That key does nothing. The lead is still waiting in the app. Goodbye.',
    gone: 'This lead is no longer waiting. Goodbye.',
  },
  de: {
    newLead: 'Leadbell. Neue Anfrage für:',
    stillUnanswered: 'Leadbell. Noch unbeantwortet für:',
    keys: 'Drücken Sie die 1, um diese Anfrage zu übernehmen und den Kunden jetzt anzurufen. Drücken Sie die 2, um sie an die nächste Person weiterzugeben.',
    noKey: 'Es wurde keine Taste gedrückt. Die Anfrage wartet weiter in der App. Auf Wiederhören.',
    connecting: 'Die Anfrage gehört Ihnen. Sie werden jetzt mit dem Kunden verbunden.',
    noPhone: 'Die Anfrage gehört Ihnen. Sie enthält keine Telefonnummer: Die Details stehen in der Leadbell-App.',
    taken: 'Jemand anderes kümmert sich bereits um diese Anfrage. Danke. Auf Wiederhören.',
    passed: 'An die nächste Person weitergegeben. Auf Wiederhören.',
    unknownKey: 'Diese Taste hat keine Funktion. Die Anfrage wartet weiter in der App. Auf Wiederhören.',
    gone: 'Diese Anfrage wartet nicht mehr. Auf Wiederhören.',
  },
  fr: {
    newLead: 'Leadbell. Nouveau contact pour :',
    stillUnanswered: 'Leadbell. Toujours sans réponse pour :',
    keys: 'Appuyez sur 1 pour prendre ce contact et appeler le client maintenant. Appuyez sur 2 pour le passer à la personne suivante.',
    noKey: 'Aucune touche n’a été pressée. Le contact attend toujours dans l’application. Au revoir.',
    connecting: 'Le contact est à vous. Nous vous mettons en relation avec le client.',
    noPhone: 'Le contact est à vous. Il n’a pas laissé de numéro : les détails sont dans l’application Leadbell.',
    taken: 'Quelqu’un s’occupe déjà de ce contact. Merci. Au revoir.',
    passed: 'Transmis à la personne suivante. Au revoir.',
    unknownKey: 'Cette touche ne fait rien. Le contact attend toujours dans l’application. Au revoir.',
    gone: 'Ce contact n’attend plus. Au revoir.',
  },
  es: {
    newLead: 'Leadbell. Nuevo contacto para:',
    stillUnanswered: 'Leadbell. Todavía sin respuesta para:',
    keys: 'Pulse 1 para quedarse con este contacto y llamar al cliente ahora. Pulse 2 para pasarlo a la siguiente persona.',
    noKey: 'No se pulsó ninguna tecla. El contacto sigue esperando en la aplicación. Adiós.',
    connecting: 'El contacto es suyo. Le conectamos con el cliente ahora.',
    noPhone: 'El contacto es suyo. No dejó número de teléfono: los detalles están en la aplicación Leadbell.',
    taken: 'Otra persona ya se ocupa de este contacto. Gracias. Adiós.',
    passed: 'Pasado a la siguiente persona. Adiós.',
    unknownKey: 'Esa tecla no hace nada. El contacto sigue esperando en la aplicación. Adiós.',
    gone: 'Este contacto ya no está esperando. Adiós.',
  },
  it: {
    newLead: 'Leadbell. Nuovo contatto per:',
    stillUnanswered: 'Leadbell. Ancora senza risposta per:',
    keys: 'Premere 1 per prendere questo contatto e chiamare subito il cliente. Premere 2 per passarlo alla persona successiva.',
    noKey: 'Nessun tasto premuto. Il contatto è ancora in attesa nell’app. Arrivederci.',
    connecting: 'Il contatto è suo. La colleghiamo ora con il cliente.',
    noPhone: 'Il contatto è suo. Non ha lasciato un numero di telefono: i dettagli sono nell’app Leadbell.',
    taken: 'Qualcun altro si sta già occupando di questo contatto. Grazie. Arrivederci.',
    passed: 'Passato alla persona successiva. Arrivederci.',
    unknownKey: 'Questo tasto non fa nulla. Il contatto è ancora in attesa nell’app. Arrivederci.',
    gone: 'Questo contatto non è più in attesa. Arrivederci.',
  },
  // Words Portugal and Brazil both say (pt-PT and pt-BR voices read the same table).
  pt: {
    newLead: 'Leadbell. Novo pedido para:',
    stillUnanswered: 'Leadbell. Ainda sem resposta para:',
    keys: 'Pressione 1 para assumir este pedido e ligar agora para o cliente. Pressione 2 para passá-lo à próxima pessoa.',
    noKey: 'Nenhuma tecla foi pressionada. O pedido continua em aberto no Leadbell. Até logo.',
    connecting: 'O pedido é seu. A chamada para o cliente vai começar.',
    noPhone: 'O pedido é seu. Não deixou número de telefone: os detalhes estão no Leadbell.',
    taken: 'Este pedido já tem um responsável. Obrigado. Até logo.',
    passed: 'Pedido passado à próxima pessoa. Até logo.',
    unknownKey: 'Essa tecla não faz nada. O pedido continua em aberto no Leadbell. Até logo.',
    gone: 'Este pedido já não está em aberto. Até logo.',
  },
  nl: {
    newLead: 'Leadbell. Nieuwe aanvraag voor:',
    stillUnanswered: 'Leadbell. Nog onbeantwoord voor:',
    keys: 'Druk op 1 om deze aanvraag aan te nemen en de klant nu te bellen. Druk op 2 om hem door te geven aan de volgende persoon.',
    noKey: 'Er is geen toets ingedrukt. De aanvraag wacht nog in de app. Tot ziens.',
    connecting: 'De aanvraag is voor jou. Je wordt nu doorverbonden met de klant.',
    noPhone: 'De aanvraag is voor jou. Er is geen telefoonnummer achtergelaten: de details staan in de Leadbell-app.',
    taken: 'Iemand anders heeft deze aanvraag al opgepakt. Bedankt. Tot ziens.',
    passed: 'Doorgegeven aan de volgende persoon. Tot ziens.',
    unknownKey: 'Die toets doet niets. De aanvraag wacht nog in de app. Tot ziens.',
    gone: 'Deze aanvraag wacht niet meer. Tot ziens.',
  },
};

/** `prompt` in the language `voice` speaks (its locale's language: fr-CA is French), else English. */
export function callPromptOf(prompt: CallPrompt, voice: CallVoice): string {
  const language = voice.language.split('-')[0]!;
  return (Object.hasOwn(PROMPTS, language) ? PROMPTS[language as CallLanguage] : PROMPTS.en)[prompt];
}
