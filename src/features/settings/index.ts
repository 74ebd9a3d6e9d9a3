// What other features use of the settings: the names of the fields invoices need, and the
// words of an order e-mail on the order's timeline.
export { missingFieldsInWords } from './invoice-fields';
export { describeEmailEvent } from './emails';
