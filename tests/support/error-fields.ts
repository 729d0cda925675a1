/** The English words of an answer's field errors, as API clients read them (codes are checked on their own). */
export const wordsOf = (fields: readonly { field: string; message: string }[]) => fields.map(({ field, message }) => ({ field, message }));
