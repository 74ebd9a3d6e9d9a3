import { Text } from '@chakra-ui/react';
import { Route, Switch } from 'wouter';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { paths } from '@/lib/paths';
import { ProductFormPage, type ProductFormPageProps } from './ProductFormPage';

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
          <Text>Products list</Text>
        </Route>
        <Route>
          <Text>Another screen</Text>
        </Route>
      </Switch>
    </AdminLayout>
  );
}
