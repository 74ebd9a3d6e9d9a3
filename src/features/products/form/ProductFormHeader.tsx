import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/layout/PageHeader';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/lib/paths';

/** Back to the list, then the screen's title (also the document title). */
export function ProductFormHeader({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm" ms="-2" mb="2">
        <Link href={paths.products.list}>
          <ArrowLeftIcon />
          Back
        </Link>
      </Button>
      <PageHeader
        title={mode === 'create' ? 'Create Product' : 'Edit Product'}
        description={
          mode === 'create'
            ? 'Add a product to the catalogue.'
            : 'Change the product’s details, media, stock and variants.'
        }
      />
    </>
  );
}
