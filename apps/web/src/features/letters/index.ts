/**
 * The Letters feature's public face (issue 13 item 6): the decision worksheet opens the two letters with these;
 * on a failure, `letterErrorText` gives the spec's 404 text ('A letter has not been uploaded or enabled…').
 */
export { letterErrorText, openAdverseLetter, openFactaLetter } from './api.ts';
