import { Text } from '@chakra-ui/react';
import { Route, Switch } from 'wouter';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { ProductFormPage, type ProductFormPageProps } from './ProductFormPage';
import { ProductsPage } from './ProductsPage';

// Stand-in screens of the stories, not console text (the stories look for these words).
const LIST_STAND_IN = 'Products list';
const OTHER_STAND_IN = 'Another screen';

/**
 * Stories only: the product form as routed in the admin layout, with stand-ins for the screens
 * its links and the unsaved-changes guard lead to.
 */
export function ProductFormScreen(props: ProductFormPageProps) {
  return (
    <AdminLayout>
      <Switch>
        <Route path={paths.products.create}>
          <ProductFormPage {...props} />
        </Route>
        <Route path={paths.products.editPattern}>
          <ProductFormPage {...props} />
        </Route>
        <Route path={paths.products.list}>
          <Text>{LIST_STAND_IN}</Text>
        </Route>
        <Route>
          <Text>{OTHER_STAND_IN}</Text>
        </Route>
      </Switch>
    </AdminLayout>
  );
}

/**
 * Stories only: the products list of /admin/products in the admin layout, signed in as an admin,
 * for the one-line metas of the story files about it (a function: no two files share one object).
 */
export const productsListScreen = () => adminScreenMeta(ProductsPage, paths.products.list);
