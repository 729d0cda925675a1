/**
 * The comfort trade's other words a seller reads: the form's button and the refusals of a run or a
 * batch file. Pure text, no imports: the web's dictionaries read it without pulling the submission
 * schema or the table (which re-export these from where they are used).
 */

/** The form's button, in the specification's words (section 2); the page capitalises the first letter like every button. */
export const SELL_NOW = 'sell now';

export const RESUBMIT_NOT_NEEDED = 'This run does not need new login details now.';

// Our words where the specification gives no sentence.
export const BATCH_TOO_LARGE = 'At most 50 accounts per file; please contact support first for larger batches';
export const BATCH_EMPTY = 'The file holds no accounts';
export const FILE_UNREADABLE = 'This file cannot be read; please use the CSV or XLSX template';
export const FILE_TYPE = 'Please upload the CSV or XLSX template';
export const NOT_TEMPLATE = 'This file is not our template: download the CSV or XLSX template, fill in one account per line and upload it';
export const RUN_NOT_FOUND = 'This comfort trade was not found';
export const COMFORT_UNAVAILABLE = 'Comfort trade is not available right now, please try again later';
