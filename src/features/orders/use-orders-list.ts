import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { useFailureToast } from '@/components/ui/notify';
import { LIST_PARAMS } from '@/lib/list-params';

/**
 * The orders of the orders and customers screens (one cache entry), as their views take them;
 * a load failure is toasted with `failureText`.
 */
export function useOrdersList(failureText: string) {
  const list = useListAdminOrders(LIST_PARAMS);
  const failed = Boolean(list.error);
  useFailureToast(failed, failureText);
  return {
    orders: list.data,
    loading: list.isLoading,
    failed,
    onRetry: () => void list.mutate(),
  };
}
