import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Flex,
  Portal,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { ProductImportReport } from '@generated/model';
import { CsvDropzone } from '@/components/ui/CsvDropzone';
import {
  badgeColumn,
  DataTable,
  figureColumn,
  textColumn,
  type Column,
} from '@/components/list-screen';
import {
  applyBlocker,
  formatName,
  toReportRows,
  type ImportOptions,
  type ReportRow,
} from './product-import';
import type { ImportSending, ImportState } from './use-product-import';
import { formatCount } from '@/lib/format';
import { t as translate, useT } from './messages';

export interface ProductImportDialogProps {
  open: boolean;
  state: ImportState;
  /** The files dropped or chosen (the container checks them). */
  onPick: (files: File[]) => void;
  onApply: () => void;
  /** Back to the drop zone. */
  onChooseAnother: () => void;
  onClose: () => void;
  onDownloadTemplate: () => void;
  /** The template is downloading. */
  templateBusy: boolean;
  /** The import's options, chosen before the file. */
  options: ImportOptions;
  onOptionsChange: (options: ImportOptions) => void;
}

/** The report's columns, named in the language of the moment. */
const reportColumns = (): Column<ReportRow>[] => [
  figureColumn(translate('columnLine'), (row) => row.line, { width: '4.5rem' }),
  badgeColumn(translate('columnAction'), (row) => translate(ACTION_LABELS[row.action]), {
    width: '6.5rem',
    testId: 'import-action',
  }),
  textColumn(translate('columnSlug'), (row) => row.slug, { tone: 'strong' }),
  textColumn(translate('columnSku'), (row) => row.sku, { width: '9rem' }),
  textColumn(translate('columnChanged'), (row) => row.changed),
  textColumn(translate('columnErrors'), (row) => row.errors),
];

/** The server's action of a row, as the badge says it ('create', as the API names it). */
const ACTION_LABELS = {
  create: 'actionCreate',
  update: 'actionUpdate',
  unchanged: 'actionUnchanged',
  refused: 'actionRefused',
} as const;
const rowKey = (row: ReportRow) => row.line;

/**
 * The CSV import of the products screen, in a dialog over the list (which it refreshes once a
 * file is applied): a drop zone, the upload's progress, the dry run's report, then Apply.
 */
export function ProductImportDialog({
  open,
  state,
  onPick,
  onApply,
  onChooseAnother,
  onClose,
  onDownloadTemplate,
  templateBusy,
  options,
  onOptionsChange,
}: ProductImportDialogProps) {
  const t = useT();
  const { sending, report } = state;
  const blocker = report && applyBlocker(report);
  // The server writes an applied file whatever happens to the page: stay to tell how it went.
  const applying = sending?.mode === 'apply';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !applying) onClose();
      }}
      // A click beside the report must not throw it away.
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="inside"
      size={{ base: 'full', md: 'xl' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ md: '4' }}>
          <Dialog.Content maxW={{ md: 'min(64rem, 100%)' }}>
            <Dialog.Header>
              <Dialog.Title>{t('title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Flex gap="2" align="center" justify="space-between" wrap="wrap">
                  <Dialog.Description>{t('intro')}</Dialog.Description>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={onDownloadTemplate}
                    loading={templateBusy}
                  >
                    {t('downloadTemplate')}
                  </Button>
                </Flex>
                {sending && <SendingProgress sending={sending} />}
                {!report && !sending && (
                  <>
                    <DropZone onPick={onPick} problem={state.problem} />
                    <ImportOptionsFields options={options} onChange={onOptionsChange} />
                  </>
                )}
                {report && (
                  <ImportReport
                    report={report}
                    refused={state.refused}
                    failure={state.failure}
                    blocker={blocker}
                  />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={applying}>
                {t('cancel')}
              </Button>
              {report && (
                <>
                  <Button variant="outline" onClick={onChooseAnother} disabled={!!sending}>
                    {t('chooseAnother')}
                  </Button>
                  <Button
                    onClick={onApply}
                    disabled={!!blocker || !!sending}
                    loading={applying}
                    loadingText={t('importing')}
                    aria-describedby={blocker ? 'import-blocker' : undefined}
                  >
                    {t('apply')}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} disabled={applying} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DropZone({
  onPick,
  problem,
}: {
  onPick: (files: File[]) => void;
  problem: string | null;
}) {
  const t = useT();
  return (
    <Stack gap="2">
      <CsvDropzone onPick={onPick} title={t('dropHere')} hint={t('dropHint')} testId="import" />
      {problem && (
        <Text role="alert" color="fg.error" fontSize="sm" data-testid="import-problem">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

const OPTION_FIELDS = [
  ['pricesIncludeVat', 'optionPricesIncludeVat'],
  ['createCategories', 'optionCreateCategories'],
  ['fetchImages', 'optionFetchImages'],
] as const;

/** The options a file is checked and applied with (the server keeps nothing between the two). */
function ImportOptionsFields({
  options,
  onChange,
}: {
  options: ImportOptions;
  onChange: (options: ImportOptions) => void;
}) {
  const t = useT();
  return (
    <Stack as="fieldset" gap="2" data-testid="import-options">
      <Text as="legend" fontWeight="medium" mb="1">
        {t('optionsTitle')}
      </Text>
      {OPTION_FIELDS.map(([key, label]) => (
        <Checkbox.Root
          key={key}
          size="sm"
          checked={options[key]}
          onCheckedChange={(details) => onChange({ ...options, [key]: details.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t(label)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      <Text fontSize="sm" color="fg.muted">
        {t('optionsHint')}
      </Text>
    </Stack>
  );
}

function SendingProgress({ sending: { mode, fileName, percent } }: { sending: ImportSending }) {
  const t = useT();
  const uploading = percent !== null && percent < 100;
  const detail = uploading ? t('uploadingPercent', { percent }) : t('waitingForServer');
  return (
    <Stack
      role="status"
      aria-label={t('progress')}
      data-testid="import-progress"
      gap="2"
      p="3"
      borderWidth="1px"
      rounded="md"
    >
      <Text fontWeight="medium">
        {t(mode === 'apply' ? 'importingFile' : 'checkingFile', { file: fileName })}
      </Text>
      <Progress.Root value={uploading ? percent : null} size="sm" aria-label={detail}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {detail}
      </Text>
    </Stack>
  );
}

const COUNTS = [
  ['create', 'countCreate'],
  ['update', 'countUpdate'],
  ['unchanged', 'countUnchanged'],
  ['refused', 'countRefused'],
] as const;

function ImportReport({
  report,
  refused,
  failure,
  blocker,
}: {
  report: ProductImportReport;
  refused: string | null;
  failure: string | null;
  blocker: string | null;
}) {
  const t = useT();
  const [refusedOnly, setRefusedOnly] = useState(false);
  const columns = useMemo(() => reportColumns(), []);
  const rows = useMemo(() => toReportRows(report.rows), [report.rows]);
  const shown = useMemo(
    () => (refusedOnly ? rows.filter((row) => row.action === 'refused') : rows),
    [rows, refusedOnly],
  );
  const { summary } = report;
  return (
    <Stack gap="3">
      {(refused ?? failure) && (
        <Alert.Root status="error" data-testid="import-failure">
          <Alert.Indicator />
          <Alert.Title>{refused ?? failure}</Alert.Title>
        </Alert.Root>
      )}
      <Text fontWeight="medium" data-testid="import-file">
        {t('fileRows', {
          file: report.file_name,
          total: report.rows_total,
          count: formatCount(report.rows_total),
        })}
      </Text>
      <Text data-testid="import-format">
        {t('recognised', { format: formatName(report.format) })}
      </Text>
      {report.new_categories.length > 0 && (
        <Text fontSize="sm" data-testid="import-new-categories">
          {t('newCategories', {
            total: report.new_categories.length,
            names: report.new_categories.join(', '),
          })}
        </Text>
      )}
      {report.images_to_fetch > 0 && (
        <Text fontSize="sm" data-testid="import-images">
          {t('imagesToFetch', {
            total: report.images_to_fetch,
            count: formatCount(report.images_to_fetch),
          })}
        </Text>
      )}
      <Flex as="dl" gap="3" wrap="wrap" data-testid="import-summary">
        {COUNTS.map(([action, label]) => (
          <Box key={action} borderWidth="1px" rounded="md" px="3" py="2" minW="7rem">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {t(label)}
            </Text>
            <Text
              as="dd"
              fontSize="xl"
              fontWeight="semibold"
              fontVariantNumeric="tabular-nums"
              color={action === 'refused' && summary.refused ? 'fg.error' : undefined}
              data-testid={`import-count-${action}`}
            >
              {formatCount(summary[action])}
            </Text>
          </Box>
        ))}
      </Flex>
      {blocker && (
        <Text id="import-blocker" fontSize="sm" color="fg.muted" data-testid="import-blocker">
          {blocker}
        </Text>
      )}
      {summary.refused > 0 && (
        <Checkbox.Root
          size="sm"
          checked={refusedOnly}
          onCheckedChange={(details) => setRefusedOnly(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('refusedOnly')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <DataTable
        rows={shown}
        columns={columns}
        rowKey={rowKey}
        label={t('report')}
        emptyText={t('allUnchanged')}
        minW="48rem"
        testId="import-report"
      />
    </Stack>
  );
}
