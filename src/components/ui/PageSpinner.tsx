import './plain.css';
import styles from './PageSpinner.module.css';

/**
 * Full-height spinner with a label, e.g. while the session loads ('Loading...'). Plain CSS: it is
 * also what shows while a page's code, Chakra included, loads.
 */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <div className={styles.stack}>
        <span className={styles.spinner} />
        <p className={styles.label}>{label}</p>
      </div>
    </div>
  );
}
