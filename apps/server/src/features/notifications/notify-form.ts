/** Form fields with a meaning of their own; every other field of a posted form becomes `data`. */
export const FORM_FIELDS = {
  apiKey: 'apiKey',
  flowId: 'flowId',
  title: 'title',
  message: 'message',
  url: 'url',
  redirect: 'redirect',
  // Hidden from people by the form's CSS; bots that fill every field give themselves away.
  honeypot: '_gotcha',
} as const;

const RESERVED = new Set<string>(Object.values(FORM_FIELDS));

export type FormFields = Record<string, string>;

export type FormSubmission = {
  apiKey: string | null;
  redirect: string | null;
  isBot: boolean;
  /** Shaped like a JSON notify request, to be validated by the same schema. */
  input: Record<string, unknown>;
};

/** Decodes an urlencoded body; a field sent several times (checkbox groups) keeps every value. */
export function parseFormBody(body: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body)) {
    fields[name] = name in fields ? `${fields[name]}, ${value}` : value;
  }
  return fields;
}

/** Splits a posted form into the key, where to send the visitor next, and the notification. */
export function formSubmissionOf(fields: FormFields): FormSubmission {
  const present = (name: string) => (fields[name]?.trim() ? fields[name].trim() : undefined);
  const data = Object.fromEntries(Object.entries(fields).filter(([name]) => !RESERVED.has(name)));
  return {
    apiKey: present(FORM_FIELDS.apiKey) ?? null,
    redirect: present(FORM_FIELDS.redirect) ?? null,
    isBot: Boolean(present(FORM_FIELDS.honeypot)),
    input: {
      flowId: present(FORM_FIELDS.flowId),
      title: present(FORM_FIELDS.title),
      message: present(FORM_FIELDS.message),
      url: present(FORM_FIELDS.url),
      ...(Object.keys(data).length > 0 && { data }),
    },
  };
}
