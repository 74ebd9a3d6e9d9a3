import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ActivityIcon,
  BanknoteIcon,
  CartIcon,
  FolderIcon,
  PackageIcon,
  PlusIcon,
  UsersIcon,
} from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import { formatMoney } from '@/lib/format';
import type { DashboardStats } from '@generated/model';
import { INTL_TAGS, useLocale } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useT } from './messages';

export interface DashboardViewProps {
  /** The figures; undefined while loading or after a failure. */
  stats: DashboardStats | undefined;
  /** Shows the four placeholder cards. */
  loading: boolean;
  /** The stat cards are shown (false: the admin may not read orders, the figures are not theirs). */
  showStats?: boolean;
  /** The quick actions the admin's role allows (all by default). */
  actions?: { addProduct: boolean; viewOrders: boolean; manageCategories: boolean };
  /**
   * The shop's legal details an invoice needs are not all set (getShopSettings'
   * missing_for_invoices): a notice leads to Settings. Only told to admins who may set them.
   */
  invoicesBlocked?: boolean;
}

const ALL_ACTIONS = { addProduct: true, viewOrders: true, manageCategories: true };

type IconComponent = ComponentType<{ boxSize?: string; color?: string }>;

/** The dashboard of /admin (docs/product.md §2): four stat cards, recent activity and quick actions. */
export function DashboardView({
  stats,
  loading,
  showStats = true,
  actions = ALL_ACTIONS,
  invoicesBlocked = false,
}: DashboardViewProps) {
  const t = useT();
  const locale = useLocale();
  // English counts as before ('1,234'); the others in their language's digits and separators.
  const count = (value: number) =>
    value.toLocaleString(locale === 'en' ? 'en-US' : INTL_TAGS[locale]);
  const cards: StatCardProps[] = [
    {
      title: t('totalProducts'),
      value: stats ? count(stats.product_count) : '—',
      icon: PackageIcon,
    },
    { title: t('totalOrders'), value: stats ? count(stats.order_count) : '—', icon: CartIcon },
    {
      title: t('totalCustomers'),
      value: stats ? count(stats.customer_count) : '—',
      icon: UsersIcon,
    },
    {
      title: t('totalRevenue'),
      value: stats ? formatMoney(stats.revenue) : '—',
      note:
        stats &&
        t('revenueNote', { amount: formatMoney(stats.revenue_excluding_cancelled_refunded) }),
      icon: BanknoteIcon,
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {invoicesBlocked && (
        // On a phone the button wraps under the sentence rather than squeezing it into a column.
        <Alert.Root status="warning" mb="6" flexWrap="wrap" data-testid="invoice-settings-notice">
          <Alert.Indicator />
          <Alert.Content flex="1 1 14rem">
            <Alert.Title>{t('completeLegalDetails')}</Alert.Title>
          </Alert.Content>
          <Button asChild size="sm" variant="outline" alignSelf="center">
            <Link href={paths.settings}>{t('openSettings')}</Link>
          </Button>
        </Alert.Root>
      )}
      {showStats && (
        <SimpleGrid
          columns={{ base: 1, sm: 2, xl: 4 }}
          gap="4"
          mb="6"
          aria-busy={loading || undefined}
          data-testid="dashboard-stats"
        >
          {loading
            ? cards.map((card) => <StatCardPlaceholder key={card.title} />)
            : cards.map((card) => <StatCard key={card.title} {...card} />)}
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel title={t('recentActivity')}>
          <Flex align="center" gap="3" color="fg.muted" py="6" justify="center">
            <ActivityIcon boxSize="5" />
            <Text>{t('noActivity')}</Text>
          </Flex>
        </Panel>
        <Panel title={t('quickActions')}>
          <Stack gap="2">
            {actions.addProduct && (
              <QuickAction href={paths.products.create} icon={PlusIcon} label={t('addProduct')} />
            )}
            {actions.viewOrders && (
              <QuickAction href={paths.orders.list} icon={CartIcon} label={t('viewOrders')} />
            )}
            {actions.manageCategories && (
              <QuickAction
                href={paths.categories.list}
                icon={FolderIcon}
                label={t('manageCategories')}
              />
            )}
          </Stack>
        </Panel>
      </SimpleGrid>
    </>
  );
}

interface StatCardProps {
  title: string;
  value: string;
  /** A secondary line under the value. */
  note?: string;
  icon: IconComponent;
}

function StatCard({ title, value, note, icon: Icon }: StatCardProps) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Body gap="2">
        <Flex align="center" justify="space-between" gap="2">
          <Text id={id} fontSize="sm" fontWeight="medium" color="fg.muted">
            {title}
          </Text>
          <Icon boxSize="4" color="fg.muted" />
        </Flex>
        <Text
          fontSize="2xl"
          fontWeight="bold"
          fontVariantNumeric="tabular-nums"
          lineHeight="short"
          data-testid="stat-value"
        >
          {value}
        </Text>
        {note && (
          <Text fontSize="xs" color="fg.muted" data-testid="stat-note">
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function StatCardPlaceholder() {
  return (
    <Card.Root size="sm" data-testid="stat-placeholder" aria-hidden="true">
      {/* The height of a loaded card, so nothing moves when the figures arrive. */}
      <Card.Body gap="2">
        <Skeleton height="5" width="50%" />
        <Skeleton height="8" width="70%" />
      </Card.Body>
    </Card.Root>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function QuickAction({
  href,
  icon: Icon,
  label,
}: {
  href: string;
  icon: IconComponent;
  label: string;
}) {
  return (
    <Button asChild variant="outline" justifyContent="flex-start">
      <Link href={href}>
        <Icon boxSize="4" />
        {label}
      </Link>
    </Button>
  );
}
