import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Link as ChakraLink,
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
import { FilterSelect } from '@/components/list-screen';
import { DayField } from '@/components/list-screen/DayField';
import { formatMoney } from '@/lib/format';
import type {
  ActivityItem,
  DashboardStats,
  DashboardSummary,
  DashboardTodo,
} from '@generated/model';
import { INTL_TAGS, useLocale } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { activityLine } from './activity';
import { changeOf, DASHBOARD_PERIODS, type DashboardQuery } from './dashboard-query';
import { shortShopDay, SalesChart } from './SalesChart';
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
  /** The period of the figures and its change (the address keeps it). */
  query?: DashboardQuery;
  onQueryChange?: (query: DashboardQuery) => void;
  /** The figures over the period; undefined while loading, after a failure or for a half-typed custom period. */
  summary?: DashboardSummary | undefined;
  /**
   * The latest activity, 'loading' while it loads; undefined when there is none to show (not
   * the admin's to read, or it failed to load: the empty state).
   */
  activity?: readonly ActivityItem[] | 'loading' | undefined;
  /** The screens the To do may lead to (a role that cannot open one does not see its items). */
  todoTargets?: TodoTargets;
}

interface TodoTargets {
  /** The orders list (orders:read). */
  orders: boolean;
  /** The products list (catalogue:read). */
  products: boolean;
  /** The shop settings (settings:write: the fields are set there). */
  settings: boolean;
  /** The webhooks screen (webhooks:manage: an endpoint is enabled again there). */
  webhooks: boolean;
}

const ALL_ACTIONS = { addProduct: true, viewOrders: true, manageCategories: true };
const ALL_TARGETS: TodoTargets = { orders: true, products: true, settings: true, webhooks: true };

type IconComponent = ComponentType<{ boxSize?: string; color?: string }>;

/** The dashboard of /admin (docs/product.md §2): four stat cards, recent activity and quick actions. */
export function DashboardView({
  stats,
  loading,
  showStats = true,
  actions = ALL_ACTIONS,
  invoicesBlocked = false,
  query,
  onQueryChange,
  summary,
  activity,
  todoTargets = ALL_TARGETS,
}: DashboardViewProps) {
  const t = useT();
  const locale = useLocale();
  const tag = INTL_TAGS[locale];
  // English counts as before ('1,234'); the others in their language's digits and separators.
  const count = (value: number) => value.toLocaleString(locale === 'en' ? 'en-US' : tag);
  const percent = new Intl.NumberFormat(tag, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  });
  const signed = new Intl.NumberFormat(tag, { signDisplay: 'always' });
  /** '+12 % vs previous period', 'new (…)', 'no change …' in the active language. */
  const change = (current: number, previous: number) => {
    const c = changeOf(current, previous);
    if (c === 'new') return t('changeNew');
    if (c === 'same') return t('changeSame');
    return t('changeVsPrevious', { change: percent.format(c.ratio) });
  };
  /** Orders and revenue: the period's figure and its change. */
  const periodLines = (value: string, current: number, previous: number) => [
    t('inPeriod', { value }),
    change(current, previous),
  ];
  /** Products and customers: how many in all, and '+3 in period'. */
  const countCard = (
    title: string,
    total: 'product_count' | 'customer_count',
    added: 'products' | 'customers',
    icon: IconComponent,
  ): StatCardProps => ({
    title,
    value: stats ? count(stats[total]) : '—',
    period: summary && [t('inPeriod', { value: signed.format(summary[added].period) })],
    icon,
  });
  const cards: StatCardProps[] = [
    countCard(t('totalProducts'), 'product_count', 'products', PackageIcon),
    {
      title: t('totalOrders'),
      value: stats ? count(stats.order_count) : '—',
      period:
        summary &&
        periodLines(
          count(summary.orders.period),
          summary.orders.period,
          summary.orders.previous_period,
        ),
      icon: CartIcon,
    },
    countCard(t('totalCustomers'), 'customer_count', 'customers', UsersIcon),
    {
      title: t('totalRevenue'),
      value: stats ? formatMoney(stats.revenue) : '—',
      note:
        stats &&
        t('revenueNote', { amount: formatMoney(stats.revenue_excluding_cancelled_refunded) }),
      period:
        summary &&
        periodLines(
          formatMoney(summary.revenue.period),
          Number(summary.revenue.period),
          Number(summary.revenue.previous_period),
        ),
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
      {showStats && query && onQueryChange && (
        <PeriodPicker
          query={query}
          onChange={onQueryChange}
          days={
            summary &&
            t('periodDays', {
              from: shortShopDay(summary.period.from, tag, true),
              to: shortShopDay(summary.period.to, tag, true),
            })
          }
        />
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
      {showStats && (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" mb="6">
          <Panel title={t('salesTitle')} gridColumn={{ lg: 'span 2' }}>
            {summary ? (
              <SalesChart days={summary.sales} />
            ) : (
              <Skeleton height="40" data-testid="sales-placeholder" />
            )}
          </Panel>
          <Panel title={t('todoTitle')}>
            {summary ? (
              <TodoList todo={summary.todo} targets={todoTargets} />
            ) : (
              <Skeleton height="24" />
            )}
          </Panel>
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel title={t('recentActivity')}>
          {activity === 'loading' ? (
            <Stack gap="3" data-testid="activity-placeholder" aria-hidden="true">
              <Skeleton height="5" />
              <Skeleton height="5" />
              <Skeleton height="5" />
            </Stack>
          ) : activity && activity.length > 0 ? (
            <ActivityList items={activity} />
          ) : (
            <Flex align="center" gap="3" color="fg.muted" py="6" justify="center">
              <ActivityIcon boxSize="5" />
              <Text>{t('noActivity')}</Text>
            </Flex>
          )}
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
  note?: string | undefined;
  /** The period's lines (its figure, its change); undefined while the period loads. */
  period?: string[] | undefined;
  icon: IconComponent;
}

function StatCard({ title, value, note, period, icon: Icon }: StatCardProps) {
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
        {period && (
          <Stack gap="0" fontSize="sm" data-testid="stat-period">
            {period.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
          </Stack>
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

function Panel({
  title,
  children,
  gridColumn,
}: {
  title: string;
  children: ReactNode;
  gridColumn?: { lg: string };
}) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} gridColumn={gridColumn} minW="0">
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

/** The period: a select of the names and, for a custom period, its two days. */
function PeriodPicker({
  query,
  onChange,
  days,
}: {
  query: DashboardQuery;
  onChange: (query: DashboardQuery) => void;
  /** The days the figures cover ('24 Nov 2026 – 30 Nov 2026'), once known. */
  days: string | undefined;
}) {
  const t = useT();
  const options = DASHBOARD_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }));
  return (
    <Flex gap="3" wrap="wrap" align="center" mb="4" role="group" aria-label={t('periodLabel')}>
      <FilterSelect
        label={t('periodLabel')}
        value={query.period}
        options={options}
        onChange={(period) => onChange({ ...query, period })}
        width={{ base: 'full', sm: '14rem' }}
      />
      {query.period === 'custom' && (
        <>
          <DayField
            label={t('fromLabel')}
            value={query.from}
            onChange={(from) => onChange({ ...query, from })}
          />
          <DayField
            label={t('toLabel')}
            value={query.to}
            onChange={(to) => onChange({ ...query, to })}
          />
        </>
      )}
      {days && (
        <Text color="fg.muted" fontSize="sm" data-testid="period-days">
          {days}
        </Text>
      )}
    </Flex>
  );
}

/** The To do's items in order, each with the screen it leads to and who may open it. */
const TODO_ITEMS: readonly {
  key: Exclude<keyof DashboardTodo, 'invoice_settings_missing' | 'disabled_webhooks'>;
  target: keyof TodoTargets;
  href: string;
}[] = [
  { key: 'to_confirm', target: 'orders', href: `${paths.orders.list}?status=pending` },
  // The list filters one status: confirmed, the first step of shipping.
  { key: 'to_ship', target: 'orders', href: `${paths.orders.list}?status=confirmed` },
  {
    key: 'unpaid_cash_on_delivery',
    target: 'orders',
    href: `${paths.orders.list}?payment_method=cash_on_delivery&payment_status=unpaid`,
  },
  { key: 'low_stock', target: 'products', href: `${paths.products.list}?stock_state=low_stock` },
  {
    key: 'out_of_stock',
    target: 'products',
    href: `${paths.products.list}?stock_state=out_of_stock`,
  },
];

/**
 * What waits for the staff: each item that is not zero, as a link to its list; each webhook
 * endpoint the server disabled, as a link to it (where it is enabled again).
 */
function TodoList({ todo, targets }: { todo: DashboardTodo; targets: TodoTargets }) {
  const t = useT();
  const items: { key: string; href: string; text: string }[] = TODO_ITEMS.filter(
    (item) => todo[item.key] > 0 && targets[item.target],
  ).map((item) => ({
    key: item.key,
    href: item.href,
    text: t(`todo.${item.key}`, { count: todo[item.key] }),
  }));
  if (todo.invoice_settings_missing.length > 0 && targets.settings) {
    items.push({
      key: 'invoice_settings_missing',
      href: paths.settings,
      text: t('todo.invoice_settings_missing'),
    });
  }
  // Absent for the roles without webhooks:manage, whom the server does not tell.
  if (targets.webhooks) {
    for (const endpoint of todo.disabled_webhooks ?? []) {
      items.push({
        key: `disabled_webhook-${endpoint.id}`,
        href: paths.webhooks.detail(endpoint.id),
        text: t('todo.disabled_webhook', { url: endpoint.url }),
      });
    }
  }
  if (items.length === 0) return <Text color="fg.muted">{t('todoNothing')}</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="todo-list">
      {items.map((item) => (
        <LinkItem key={item.key} href={item.href} text={item.text} />
      ))}
    </Stack>
  );
}

/** Recent Activity: each item in words, with its time, the latest first. */
function ActivityList({ items }: { items: readonly ActivityItem[] }) {
  const lines = items.map(activityLine);
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="activity-list">
      {lines.map((line) => (
        <LinkItem key={line.key} href={line.href} text={line.text}>
          <Text fontSize="xs" color="fg.muted">
            {line.when}
          </Text>
        </LinkItem>
      ))}
    </Stack>
  );
}

/** An item of the To do and of Recent Activity: a link to what it names, and what follows it. */
function LinkItem({ href, text, children }: { href: string; text: string; children?: ReactNode }) {
  return (
    <li>
      <ChakraLink asChild>
        <Link href={href}>{text}</Link>
      </ChakraLink>
      {children}
    </li>
  );
}
