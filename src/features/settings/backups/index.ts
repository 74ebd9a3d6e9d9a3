export { BackupsSection } from './BackupsSection';
