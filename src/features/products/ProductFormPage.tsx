import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useParams } from 'wouter';
import { useListAdminCategories } from '@generated/hooks/categories/categories';
import {
  createProduct,
  getGetProductKey,
  getListAdminProductsKey,
  updateProduct,
  useGetProduct,
} from '@generated/hooks/products/products';
import { useListVatRates } from '@generated/hooks/vatrates/vatrates';
import type { Product, SimpleProductInventory } from '@generated/model';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { useNavigateAfterSave, useUnsavedChangesGuard } from '@/components/unsaved-changes';
import {
  SimpleInventoryCard,
  VariantsManager,
  type SimpleInventoryCardProps,
  type VariantsManagerProps,
} from '@/features/variants';
import { ApiError, serverMessage } from '@/lib/http';
import { ProductForm, type SaveThen } from './form/ProductForm';
import { ProductFormHeader } from './form/ProductFormHeader';
import {
  EMPTY_PRODUCT_VALUES,
  fieldErrorsFrom,
  fromProduct,
  toProductCreate,
  toProductUpdate,
  type ProductFormValues,
} from './form/product-form-values';
import { paths } from '@/lib/paths';
import { t, useT } from './messages';

export interface ProductFormPageProps {
  /** What the edit form shows for a simple product (stories swap it; the route never does). */
  inventoryCard?: ComponentType<SimpleInventoryCardProps>;
  /** What the edit form shows for a product with variants. */
  variantsManager?: ComponentType<VariantsManagerProps>;
}

/** Product form, create (/admin/products/new) or edit (/admin/products/{id}) (docs/product.md §2). */
export function ProductFormPage({
  inventoryCard = SimpleInventoryCard,
  variantsManager = VariantsManager,
}: ProductFormPageProps) {
  const { id } = useParams<{ id?: string }>();
  if (id === undefined) return <CreateProduct />;
  return (
    <EditProduct
      key={id}
      productId={/^\d+$/.test(id) ? Number(id) : 0}
      InventoryCard={inventoryCard}
      Manager={variantsManager}
    />
  );
}

/**
 * The pickers' data: every category (the form offers the active ones and names the product's own
 * inactive one as such) and active VAT rates only (docs/product.md §7).
 */
function usePickers() {
  const categories = useListAdminCategories();
  const vatRates = useListVatRates({ is_active: true });
  return {
    categories: categories.data,
    categoriesFailed: categories.error !== undefined,
    vatRates: vatRates.data,
    vatRatesFailed: vatRates.error !== undefined,
  };
}

const PRODUCT_LISTS = getListAdminProductsKey()[0];

/**
 * After a save: fresh product data for the list, the toast, then back to /admin/products, or on
 * to the saved product's edit page ('Create and continue editing': its stock and variants need a
 * saved product).
 */
function useAfterSave() {
  const { mutate } = useSWRConfig();
  // Saved: leaving the form asks nothing.
  const navigate = useNavigateAfterSave();
  return async (saved: Product, message: string, then: SaveThen = 'list') => {
    // The lists are not mounted here: drop them so the list screen loads them again.
    await mutate((key) => Array.isArray(key) && key[0] === PRODUCT_LISTS, undefined, {
      revalidate: false,
    });
    await mutate(getGetProductKey(saved.id), saved, { revalidate: false });
    notify.success(t('success'), message);
    navigate(then === 'edit' ? paths.products.edit(saved.id) : paths.products.list);
  };
}

/** What a failed save shows: the toast (docs/product.md §8), and field errors for the form. */
function saveFailed(error: unknown) {
  notify.error(t('error'), serverMessage(error, t('saveFailed')));
  return fieldErrorsFrom(error);
}

function CreateProduct() {
  const pickers = usePickers();
  const afterSave = useAfterSave();

  async function handleSubmit(values: ProductFormValues, then: SaveThen) {
    let saved: Product;
    try {
      saved = await createProduct(toProductCreate(values));
    } catch (error) {
      return saveFailed(error);
    }
    await afterSave(saved, t('created'), then);
  }

  return (
    <>
      <ProductFormHeader mode="create" />
      <ProductForm
        mode="create"
        initialValues={EMPTY_PRODUCT_VALUES}
        onSubmit={handleSubmit}
        {...pickers}
      />
    </>
  );
}

function EditProduct({
  productId,
  InventoryCard,
  Manager,
}: {
  /** 0 when the address names no product id. */
  productId: number;
  InventoryCard: ComponentType<SimpleInventoryCardProps>;
  Manager: ComponentType<VariantsManagerProps>;
}) {
  const t = useT();
  const product = useGetProduct(productId);
  const pickers = usePickers();
  const afterSave = useAfterSave();
  // The simple product's inventory settings not saved by the card itself (no default variant yet).
  const unsavedInventory = useRef<SimpleProductInventory | null>(null);
  const [inventoryChanged, setInventoryChanged] = useState(false);
  useUnsavedChangesGuard(inventoryChanged);
  const onUnsavedChange = useCallback((inventory: SimpleProductInventory) => {
    unsavedInventory.current = inventory;
    setInventoryChanged(true);
  }, []);

  const data = product.data;
  const notFound =
    productId === 0 || (product.error instanceof ApiError && product.error.status === 404);

  if (notFound || (product.error && !data))
    return (
      <>
        <ProductFormHeader mode="edit" />
        <Stack gap="4" align="flex-start" role="alert">
          <Text fontWeight="medium">{t(notFound ? 'notFound' : 'loadProductFailed')}</Text>
          <Text color="fg.muted">
            {notFound ? t('notFoundText') : serverMessage(product.error, t('loadProductFailed'))}
          </Text>
          <HStack gap="3">
            {!notFound && (
              <Button variant="outline" onClick={() => void product.mutate()}>
                {t('tryAgain')}
              </Button>
            )}
            <Button asChild>
              <Link href={paths.products.list}>{t('backToProducts')}</Link>
            </Button>
          </HStack>
        </Stack>
      </>
    );

  if (!data)
    return (
      <>
        <ProductFormHeader mode="edit" />
        <PageSpinner label={t('loadingProduct')} />
      </>
    );

  const hasVariants = data.has_variants;
  async function handleSubmit(values: ProductFormValues) {
    let saved: Product;
    try {
      saved = await updateProduct(
        productId,
        toProductUpdate(values, hasVariants ? null : unsavedInventory.current),
      );
    } catch (error) {
      return saveFailed(error);
    }
    unsavedInventory.current = null;
    await afterSave(saved, t('updated'));
  }

  return (
    <>
      <ProductFormHeader mode="edit" />
      <ProductForm
        key={data.id}
        mode="edit"
        initialValues={fromProduct(data)}
        onSubmit={handleSubmit}
        {...pickers}
        inventory={
          data.has_variants ? (
            <Box data-testid="variants-manager-slot" minW="0">
              <Manager productId={data.id} />
            </Box>
          ) : (
            <Box data-testid="inventory-card-slot" minW="0">
              <InventoryCard productId={data.id} onUnsavedChange={onUnsavedChange} />
            </Box>
          )
        }
      />
    </>
  );
}
