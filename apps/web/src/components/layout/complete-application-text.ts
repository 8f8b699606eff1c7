/**
 * The call to a new account, in the header's strip and on the home page. A module of its own: the
 * strip is loaded for a new account alone, and the home page would otherwise load it for the text.
 */
export const COMPLETE_APPLICATION_TEXT = 'Complete your membership application';
