/** Where a seller's Payoneer binding lives: the payee the seller consented to at Payoneer (`_id` = seller id). */
export const PAYONEER_BINDINGS = 'payoneer_bindings';

export interface PayoneerBindingDoc { _id: string; payeeId: string; email: string; boundAt: Date }
