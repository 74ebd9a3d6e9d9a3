import { Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { DraftOrder, DraftOrderCompleteStatus, Variant } from '@generated/model';
import {
  completeDraftOrder,
  getDraftOrder,
  useGetDraftOrder,
} from '@generated/hooks/draft-orders/draft-orders';
import { useListShippingMethods } from '@generated/hooks/shipping/shipping';
import { BackLink } from '@/components/layout/BackLink';
import { PageHeader } from '@/components/layout/PageHeader';
import { notify, useFailureToast } from '@/components/ui/notify';
import { ApiError, serverMessage } from '@/lib/http';
import { paths } from '@/lib/paths';
import { MAX_QUANTITY } from '../line-picker';
import { ALL_SHIPPING_METHODS } from '../shipping-display';
import { EMPTY_FORM, formOf, refusedLine, withVariant, type DraftForm } from './draft-form';
import { DraftOrderView } from './DraftOrderView';
import { useDraftAutosave } from './use-draft-autosave';
import { t, useT } from './messages';

/**
 * A staff order (/admin/orders/new, or /admin/orders/drafts/{id} to continue one): the form is
 * saved as a draft as the admin works, priced by the server, then completed into an order.
 */
export function DraftOrderPage() {
  const { id = '' } = useParams<{ id?: string }>();
  if (id === '') return <DraftEditor saved={null} />;
  return <SavedDraft id={/^\d+$/.test(id) ? Number(id) : 0} />;
}

/** A draft left earlier: loaded, then edited as a new one is. */
function SavedDraft({ id }: { id: number }) {
  const t = useT();
  const draft = useGetDraftOrder(id, { swr: { enabled: id > 0, revalidateOnMount: true } });
  const notFound = id === 0 || (draft.error instanceof ApiError && draft.error.status === 404);
  const failed = Boolean(draft.error) && !notFound;
  useFailureToast(failed, t('loadFailed'));
  if (draft.data && !notFound) return <DraftEditor key={id} saved={draft.data} />;
  return (
    <>
      <BackLink href={paths.orders.drafts}>{t('backToDrafts')}</BackLink>
      <PageHeader title={notFound ? t('draftNotFound') : t('newTitle')} />
      {notFound ? (
        <Text color="fg.muted">{t('draftNotFoundText')}</Text>
      ) : failed ? (
        <Button size="sm" variant="outline" onClick={() => void draft.mutate()}>
          {t('retry')}
        </Button>
      ) : (
        <Flex role="status" align="center" gap="3" py="10" justify="center" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('loadingDraft')}</Text>
        </Flex>
      )}
    </>
  );
}

function DraftEditor({ saved }: { saved: DraftOrder | null }) {
  const [, navigate] = useLocation();
  // The methods to pick from (settings:read, which every role holds); none loaded: no picker.
  const methods = useListShippingMethods(ALL_SHIPPING_METHODS);
  const [form, setForm] = useState<DraftForm>(() => (saved ? formOf(saved) : EMPTY_FORM));
  const autosave = useDraftAutosave(form, saved);
  const { draft, setDraft } = autosave;
  const [completing, setCompleting] = useState(false);
  const [refusal, setRefusal] = useState<{ variantId: number; message: string } | null>(null);

  const pick = useCallback((variant: Variant) => {
    setRefusal(null);
    setForm((f) => ({
      ...f,
      lines: withVariant(
        f.lines,
        {
          variantId: variant.id,
          productId: variant.product_id,
          name: null,
          variantTitle: variant.variant_title || null,
          sku: variant.sku,
        },
        MAX_QUANTITY,
      ),
    }));
  }, []);

  const complete = async (status: DraftOrderCompleteStatus) => {
    if (!draft) return;
    setCompleting(true);
    setRefusal(null);
    try {
      const order = await completeDraftOrder(draft.id, { status });
      notify.success(t('success'), t('completed', { number: order.order_number }));
      navigate(paths.orders.detail(order.id));
    } catch (error) {
      const message = serverMessage(error, t('completeFailed'));
      notify.error(t('error'), message);
      if (error instanceof ApiError && error.status === 409) {
        const variantId = refusedLine(draft, message);
        if (variantId !== null) setRefusal({ variantId, message });
        // The stock or the catalogue changed: the lines' problems as the server sees them now.
        const fresh = await getDraftOrder(draft.id).catch(() => null);
        if (fresh) setDraft(fresh);
      }
      setCompleting(false);
    }
  };

  const onFormChange = useCallback((next: DraftForm) => {
    setRefusal(null);
    setForm(next);
  }, []);

  return (
    <DraftOrderView
      draftId={draft?.id ?? null}
      form={form}
      onFormChange={onFormChange}
      onPick={pick}
      draft={draft}
      missing={autosave.missing}
      saving={autosave.saving}
      stale={autosave.stale}
      saveError={autosave.error ? serverMessage(autosave.error, t('saveFailed')) : null}
      refusal={refusal}
      completing={completing}
      onComplete={(status) => void complete(status)}
      shippingMethods={methods.data}
    />
  );
}
