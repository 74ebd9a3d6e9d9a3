import './plain.css';
import styles from './PageSpinner.module.css';
import { useT } from './messages';

/**
 * Full-height spinner with a label, e.g. while the session loads ('Loading...'). Plain CSS: it is
 * also what shows while a page's code, Chakra included, loads.
 */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <div className={styles.stack}>
        <span className={styles.spinner} />
        <p className={styles.label}>{label ?? t('loading')}</p>
      </div>
    </div>
  );
}
