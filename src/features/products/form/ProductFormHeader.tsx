import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/layout/PageHeader';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/lib/paths';
import { useT } from '../messages';

/** Back to the list, then the screen's title (also the document title). */
export function ProductFormHeader({ mode }: { mode: 'create' | 'edit' }) {
  const t = useT();
  return (
    <>
      <Button asChild variant="ghost" size="sm" ms="-2" mb="2">
        <Link href={paths.products.list}>
          <ArrowLeftIcon _rtl={{ transform: 'scaleX(-1)' }} />
          {t('back')}
        </Link>
      </Button>
      <PageHeader
        title={t(mode === 'create' ? 'createProduct' : 'editProduct')}
        description={t(mode === 'create' ? 'createDescription' : 'editDescription')}
      />
    </>
  );
}
