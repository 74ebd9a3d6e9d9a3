/** The unsaved-changes guard: provider (app and story shell), the hook forms opt in with. */
export { UnsavedChangesProvider } from './UnsavedChangesProvider';
export { UNSAVED_CHANGES_TEXT } from './texts';
export {
  useConfirmLeave,
  useNavigateAfterSave,
  useUnsavedChangesGuard,
} from './use-unsaved-changes-guard';
