import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  HStack,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminCustomerUpdate, CustomerDetail } from '@generated/model';
import { BackLink } from '@/components/layout/BackLink';
import { DetailPlaceholder, type DetailLoadState } from '@/components/layout/DetailPlaceholder';
import { Detail, Section } from '@/components/layout/DetailSection';
import { PageHeader } from '@/components/layout/PageHeader';
import { formatDate, formatMoney } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { customerTypeBadge } from './customer-display';
import { EraseCustomerDialog } from './EraseCustomerDialog';
import { useT } from './messages';

/** `notFound`: no such customer (404: never one, or erased). */
export interface CustomerDetailViewProps extends DetailLoadState {
  /** The customer; undefined until loaded. */
  customer: CustomerDetail | undefined;
  /** Saves name, phone, notes and tags; without it (no customers:write) they are only shown. */
  onSave?: (changes: AdminCustomerUpdate) => Promise<boolean>;
  /** Downloads the person's data; without it (no customers:personal_data) no export is offered. */
  onExport?: (format: 'json' | 'csv') => void;
  /** The export under way, if any (its button spins). */
  exporting?: 'json' | 'csv' | null;
  /**
   * Erases the person once the dialog's e-mail matches; resolves to true when done. Without it
   * (no customers:personal_data) no erase is offered.
   */
  onErase?: (confirmEmail: string) => Promise<boolean>;
}

function BackToCustomers() {
  const t = useT();
  return <BackLink href={paths.customers.list}>{t('backToCustomers')}</BackLink>;
}

/** The person's name, else their e-mail (a guest who gave no name). */
const displayName = (c: CustomerDetail) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email;

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

interface Draft {
  first_name: string;
  last_name: string;
  phone: string;
  notes: string;
  tags: string;
}

const draftOf = (c: CustomerDetail): Draft => ({
  first_name: c.first_name ?? '',
  last_name: c.last_name ?? '',
  phone: c.phone ?? '',
  notes: c.notes ?? '',
  tags: c.tags.join(', '),
});

/** What changed between the customer and the form (blank clears a field). */
function changesOf(c: CustomerDetail, d: Draft): AdminCustomerUpdate {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const changes: AdminCustomerUpdate = {};
  if (text(d.first_name) !== c.first_name) changes.first_name = text(d.first_name);
  if (text(d.last_name) !== c.last_name) changes.last_name = text(d.last_name);
  if (text(d.phone) !== c.phone) changes.phone = text(d.phone);
  if (text(d.notes) !== c.notes) changes.notes = text(d.notes);
  const tags = tagsOf(d.tags);
  if (JSON.stringify(tags) !== JSON.stringify(c.tags)) changes.tags = tags;
  return changes;
}

/** Name, phone, notes and tags: shown, or edited by an admin who may (customers:write). */
function NotesSection({
  customer,
  onSave,
}: {
  customer: CustomerDetail;
  onSave?: CustomerDetailViewProps['onSave'];
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const bind = (field: keyof Draft) => ({
    value: draft?.[field] ?? '',
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => (d ? { ...d, [field]: e.target.value } : d)),
  });
  const tooManyTags = draft !== null && tagsOf(draft.tags).length > 20;
  const save = async () => {
    if (!draft || !onSave || tooManyTags) return;
    const changes = changesOf(customer, draft);
    if (Object.keys(changes).length === 0) {
      setDraft(null);
      return;
    }
    setSaving(true);
    const ok = await onSave(changes);
    setSaving(false);
    if (ok) setDraft(null);
  };
  if (draft === null)
    return (
      <Section title={t('sectionNotes')} testId="customer-notes">
        <Stack gap="3">
          <Detail label={t('fieldNotes')} testId="customer-notes-text">
            <Text whiteSpace="pre-wrap" fontWeight="normal">
              {customer.notes ?? t('noNotes')}
            </Text>
          </Detail>
          <Detail label={t('fieldTags')} testId="customer-tags">
            {customer.tags.length === 0 ? (
              t('noTags')
            ) : (
              <HStack wrap="wrap" gap="1">
                {customer.tags.map((tag) => (
                  <Badge key={tag} variant="subtle">
                    {tag}
                  </Badge>
                ))}
              </HStack>
            )}
          </Detail>
          {onSave && (
            <Box>
              <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(customer))}>
                {t('edit')}
              </Button>
            </Box>
          )}
        </Stack>
      </Section>
    );
  return (
    <Section title={t('sectionNotes')} testId="customer-notes">
      <Stack gap="3" as="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <Field.Root>
            <Field.Label>{t('fieldFirstName')}</Field.Label>
            <Input maxLength={100} {...bind('first_name')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('fieldLastName')}</Field.Label>
            <Input maxLength={100} {...bind('last_name')} />
          </Field.Root>
        </Grid>
        <Field.Root>
          <Field.Label>{t('fieldPhone')}</Field.Label>
          <Input type="tel" dir="ltr" maxLength={30} {...bind('phone')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('fieldNotes')}</Field.Label>
          <Textarea rows={4} maxLength={2000} {...bind('notes')} />
        </Field.Root>
        <Field.Root invalid={tooManyTags}>
          <Field.Label>{t('fieldTags')}</Field.Label>
          <Input {...bind('tags')} />
          {tooManyTags ? (
            <Field.ErrorText>{t('tagsHelp')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('tagsHelp')}</Field.HelperText>
          )}
        </Field.Root>
        <HStack>
          <Button type="submit" size="sm" loading={saving} loadingText={t('saving')}>
            {t('save')}
          </Button>
          <Button size="sm" variant="ghost" disabled={saving} onClick={() => setDraft(null)}>
            {t('cancel')}
          </Button>
        </HStack>
      </Stack>
    </Section>
  );
}

/** The customer detail of /admin/customers/{key} (docs/product.md "Customers as people"). */
export function CustomerDetailView({
  customer,
  onSave,
  onExport,
  exporting = null,
  onErase,
  ...state
}: CustomerDetailViewProps) {
  const t = useT();
  const [erasing, setErasing] = useState(false);
  if (state.notFound || !customer)
    return (
      <DetailPlaceholder
        back={<BackToCustomers />}
        state={state}
        text={{
          notFoundTitle: t('notFoundTitle'),
          notFoundText: t('notFoundText'),
          title: t('customerTitle'),
          unavailable: t('customerUnavailable'),
          loading: t('loadingCustomer'),
        }}
      />
    );
  const none = t('noValue');
  return (
    <>
      <BackToCustomers />
      <PageHeader title={displayName(customer)} description={customer.email} />
      <HStack gap="2" mb="4" data-testid="customer-badges">
        <Badge variant={customer.kind === 'account' ? 'solid' : 'outline'}>
          {t(`kind.${customer.kind}`)}
        </Badge>
        <Badge
          variant={customerTypeBadge(customer.customer_type) === 'default' ? 'solid' : 'subtle'}
        >
          {t(`type.${customer.customer_type}`)}
        </Badge>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4">
          <Section title={t('sectionContact')} testId="customer-contact">
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
              <Detail label={t('fieldEmail')} testId="customer-email">
                {isolate(customer.email)}
              </Detail>
              <Detail label={t('fieldPhone')} testId="customer-phone">
                {customer.phone ? <span dir="ltr">{customer.phone}</span> : none}
              </Detail>
              <Detail label={t('fieldCompany')} testId="customer-company">
                {customer.company_name ?? none}
              </Detail>
              <Detail label={t('fieldVatNumber')} testId="customer-vat-number">
                {customer.vat_number ?? none}
              </Detail>
              <Detail label={t('fieldCountry')}>{customer.country_code || none}</Detail>
              <Detail label={t('fieldCustomerSince')}>{formatDate(customer.created_at)}</Detail>
            </Grid>
          </Section>
          <Section title={t('sectionOrders')} testId="customer-orders">
            {customer.orders.length === 0 ? (
              <Text color="fg.muted">{t('noOrders')}</Text>
            ) : (
              <Stack gap="2">
                {customer.order_count > customer.orders.length && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('ordersShown', {
                      shown: customer.orders.length,
                      count: customer.order_count,
                    })}
                  </Text>
                )}
                <Box as="ul" listStyleType="none" data-testid="customer-order-list">
                  {customer.orders.map((order) => (
                    <Flex
                      as="li"
                      key={order.id}
                      justify="space-between"
                      align="center"
                      gap="3"
                      py="2"
                      borderBottomWidth="1px"
                      wrap="wrap"
                    >
                      <Link
                        href={paths.orders.detail(order.id)}
                        aria-label={t('viewOrder', { number: order.order_number })}
                        className="row-action"
                      >
                        {order.order_number}
                      </Link>
                      <Text color="fg.muted" fontSize="sm">
                        {formatDate(order.created_at)}
                      </Text>
                      <Badge variant="outline" data-testid="customer-order-status">
                        {t(`status.${order.status}`)}
                      </Badge>
                      <Text fontWeight="medium">{formatMoney(order.total_amount)}</Text>
                    </Flex>
                  ))}
                </Box>
              </Stack>
            )}
          </Section>
          <Section title={t('sectionAddresses')} testId="customer-addresses">
            {customer.addresses.length === 0 ? (
              <Text color="fg.muted">{t('noAddresses')}</Text>
            ) : (
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                {customer.addresses.map((a, i) => (
                  <Box key={i} borderWidth="1px" rounded="md" p="3" data-testid="customer-address">
                    <HStack gap="2" mb="1">
                      <Badge variant="outline">
                        {a.source === 'address_book' ? t('addressBook') : t('addressFromOrder')}
                      </Badge>
                      {a.is_default && <Badge>{t('addressDefault')}</Badge>}
                    </HStack>
                    <Text fontWeight="medium">{`${a.first_name} ${a.last_name}`}</Text>
                    {a.company && <Text>{a.company}</Text>}
                    <Text>{[a.street_address, a.apartment].filter(Boolean).join(', ')}</Text>
                    <Text>
                      {[a.postal_code, a.city, a.state, a.country].filter(Boolean).join(' ')}
                    </Text>
                    {a.phone && <Text dir="ltr">{a.phone}</Text>}
                  </Box>
                ))}
              </Grid>
            )}
          </Section>
        </Stack>
        <Stack gap="4">
          <Section title={t('sectionTotals')} testId="customer-totals">
            <Grid templateColumns="1fr 1fr" gap="3">
              <Detail label={t('orderCount')} testId="customer-order-count">
                {customer.order_count}
              </Detail>
              <Detail label={t('totalSpent')} testId="customer-total-spent">
                {formatMoney(customer.total_spent)}
              </Detail>
              <Detail label={t('openOrders')} testId="customer-open-orders">
                {customer.open_order_count}
              </Detail>
              <Detail label={t('lastOrder')}>
                {customer.last_order_date ? formatDate(customer.last_order_date) : none}
              </Detail>
            </Grid>
          </Section>
          <NotesSection key={JSON.stringify(customer)} customer={customer} onSave={onSave} />
          {(onExport || onErase) && (
            <Section title={t('sectionPersonalData')} testId="customer-personal-data">
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('personalDataText')}
                </Text>
                {onExport && (
                  <HStack wrap="wrap">
                    <Button
                      size="sm"
                      variant="outline"
                      loading={exporting === 'json'}
                      disabled={exporting !== null}
                      onClick={() => onExport('json')}
                    >
                      {t('exportJson')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      loading={exporting === 'csv'}
                      disabled={exporting !== null}
                      onClick={() => onExport('csv')}
                    >
                      {t('exportCsv')}
                    </Button>
                  </HStack>
                )}
                {onErase && (
                  <Box>
                    <Button size="sm" colorPalette="red" onClick={() => setErasing(true)}>
                      {t('erase')}
                    </Button>
                  </Box>
                )}
              </Stack>
            </Section>
          )}
        </Stack>
      </Grid>
      {onErase && (
        <EraseCustomerDialog
          open={erasing}
          email={customer.email}
          onErase={onErase}
          onClose={() => setErasing(false)}
        />
      )}
    </>
  );
}
