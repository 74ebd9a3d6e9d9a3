export { EmailsSection } from './EmailsSection';
export {
  describeEmailEvent,
  EMAILS_OFF_FIELD,
  emailsOffLabel,
  emailsOffValue,
} from './email-events';
