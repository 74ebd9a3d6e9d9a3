// What other features use of the reports' kit: the frame of a report screen (title, CSV, period,
// the report or why it is not there), its table cells, and the days of the shop's calendar.
export {
  FigureCell,
  FiguresTable,
  MoneyCell,
  ReportBody,
  ReportScreen,
  ReportTable,
  SectionTitle,
} from './ReportControls';
export { isDay } from './report-period';
export { ReportChart } from './ReportChart';
export { reportLoad, type ReportLoad } from './use-report';
