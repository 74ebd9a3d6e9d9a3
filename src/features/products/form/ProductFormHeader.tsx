import { BackLink } from '@/components/layout/BackLink';
import { PageHeader } from '@/components/layout/PageHeader';
import { paths } from '@/lib/paths';
import { useT } from '../messages';

/** Back to the list, then the screen's title (also the document title). */
export function ProductFormHeader({ mode }: { mode: 'create' | 'edit' }) {
  const t = useT();
  return (
    <>
      <BackLink href={paths.products.list}>{t('back')}</BackLink>
      <PageHeader
        title={t(mode === 'create' ? 'createProduct' : 'editProduct')}
        description={t(mode === 'create' ? 'createDescription' : 'editDescription')}
      />
    </>
  );
}
