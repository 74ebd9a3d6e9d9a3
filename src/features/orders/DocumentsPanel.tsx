import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { DocumentLanguageParameter, Invoice, TeifStatus } from '@generated/model';
import { formatDate, formatMoney } from '@/lib/format';
import { PanelPending, Section } from './OrderSection';
import { PdfLanguageMenu } from './PdfLanguageMenu';
import { useT } from './messages';

export interface DocumentsPanelProps {
  /** The order's invoices and credit notes, oldest first; undefined until loaded. */
  documents: Invoice[] | undefined;
  /** They could not be loaded. */
  failed: boolean;
  onRetry: () => void;
  /** Offers "Issue invoice" (see canIssueInvoice). */
  canIssue: boolean;
  /** The invoice is being issued (the button is busy). */
  issuing: boolean;
  onIssue: () => void;
  onDownload: (document: Invoice, lang: DocumentLanguageParameter) => void;
  onPackingSlip: (lang: DocumentLanguageParameter) => void;
  /** Downloads the document's TEIF e-invoice (XML, #30). */
  onDownloadTeif: (document: Invoice) => void;
  /** Submits the document to TTN; absent without orders:write (no button). */
  onSubmitTeif?: (document: Invoice) => void;
  /** The document whose submission is being sent (its button is busy). */
  submittingTeifId?: number | null;
}

/** The order's paperwork: its invoices and credit notes as PDF, and the packing slip. */
export function DocumentsPanel({
  documents,
  failed,
  onRetry,
  canIssue,
  issuing,
  onIssue,
  onDownload,
  onPackingSlip,
  onDownloadTeif,
  onSubmitTeif,
  submittingTeifId = null,
}: DocumentsPanelProps) {
  const t = useT();
  return (
    <Section title={t('documents')} testId="order-documents">
      <Stack gap="4">
        {documents === undefined ? (
          <PanelPending
            loadingText={t('documentsPending')}
            failedText={t('documentsFailed')}
            failed={failed}
            onRetry={onRetry}
          />
        ) : documents.length === 0 ? (
          <Text color="fg.muted">{t('noInvoice')}</Text>
        ) : (
          <Stack gap="3" as="ul" listStyleType="none">
            {documents.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                onDownload={onDownload}
                onDownloadTeif={onDownloadTeif}
                onSubmitTeif={onSubmitTeif}
                submitting={submittingTeifId === document.id}
              />
            ))}
          </Stack>
        )}
        <HStack gap="2" wrap="wrap">
          {canIssue && documents !== undefined && (
            <Button size="sm" onClick={onIssue} loading={issuing} loadingText={t('issuingInvoice')}>
              {t('issueInvoice')}
            </Button>
          )}
          <PdfLanguageMenu label={t('packingSlip')} onSelect={onPackingSlip} />
        </HStack>
      </Stack>
    </Section>
  );
}

/** The e-invoice status's badge colour: green once TTN accepted it, red when it refused it. */
const TEIF_PALETTE: Record<TeifStatus, string> = {
  not_sent: 'gray',
  queued: 'blue',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
};

/** Submitting again is for a document never sent or rejected (the server's 409s otherwise). */
const mayBeSubmitted = (status: TeifStatus) => status === 'not_sent' || status === 'rejected';

function DocumentRow({
  document,
  onDownload,
  onDownloadTeif,
  onSubmitTeif,
  submitting,
}: {
  document: Invoice;
  onDownload: DocumentsPanelProps['onDownload'];
  onDownloadTeif: DocumentsPanelProps['onDownloadTeif'];
  onSubmitTeif: DocumentsPanelProps['onSubmitTeif'];
  submitting: boolean;
}) {
  const t = useT();
  const kind = t(`kind.${document.kind}`);
  const { teif } = document;
  return (
    <Flex as="li" justify="space-between" align="flex-start" gap="3" data-testid="document">
      <Stack gap="0.5" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium" data-testid="document-number">
            {document.number}
          </Text>
          <Badge colorPalette={document.kind === 'credit_note' ? 'orange' : 'gray'}>{kind}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {/* A credit note's amount is credited, not due (its PDF: "Amount credited"). */}
          {t('amountDue', {
            kind: document.kind,
            date: formatDate(document.issued_at),
            amount: formatMoney(document.amount_due),
          })}
        </Text>
        {document.credits && (
          <Text fontSize="sm" color="fg.muted">
            {t('credits', { number: document.credits.number })}
          </Text>
        )}
        <HStack gap="2" wrap="wrap" data-testid="document-teif">
          <Badge colorPalette={TEIF_PALETTE[teif.status]}>{t(`teif.status.${teif.status}`)}</Badge>
          {teif.status === 'accepted' && teif.reference && (
            <Text fontSize="sm">{t('teif.reference', { reference: teif.reference })}</Text>
          )}
          {(teif.status === 'rejected' || teif.status === 'queued') && teif.reason && (
            <Text fontSize="sm" color={teif.status === 'rejected' ? 'fg.error' : 'fg.muted'}>
              {teif.reason}
            </Text>
          )}
        </HStack>
      </Stack>
      <Stack gap="1" align="flex-end">
        <PdfLanguageMenu
          label={t('downloadPdf')}
          ariaLabel={t('downloadPdfOf', { number: document.number })}
          onSelect={(lang) => onDownload(document, lang)}
        />
        <Button
          size="xs"
          variant="outline"
          aria-label={t('teif.downloadOf', { number: document.number })}
          onClick={() => onDownloadTeif(document)}
        >
          {t('teif.download')}
        </Button>
        {onSubmitTeif && mayBeSubmitted(teif.status) && (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('teif.submitOf', { number: document.number })}
            loading={submitting}
            onClick={() => onSubmitTeif(document)}
          >
            {t('teif.submit')}
          </Button>
        )}
      </Stack>
    </Flex>
  );
}
