// What other features use of the settings: the names of the fields invoices need.
export { missingFieldsInWords } from './invoice-fields';
