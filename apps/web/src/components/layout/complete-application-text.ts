/**
 * The call to a new account, in the header's strip and on the home page. A module of its own: the
 * strip is loaded for a new account alone, and the home page would otherwise load it for the text.
 */
export const COMPLETE_APPLICATION_TEXT = 'Complete your membership application';

/** The call to an approved member whose dues are unpaid (docs/product-rules.md "Dues"). */
export const DUES_TO_PAY_TEXT = {
  awaiting_payment: 'Pay your membership dues to activate your membership',
  overdue: 'Your membership dues are overdue: pay them to stay a member in good standing',
} as const;
