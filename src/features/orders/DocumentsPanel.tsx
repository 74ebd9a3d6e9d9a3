import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { DocumentLanguageParameter, Invoice } from '@generated/model';
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
              <DocumentRow key={document.id} document={document} onDownload={onDownload} />
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

function DocumentRow({
  document,
  onDownload,
}: {
  document: Invoice;
  onDownload: DocumentsPanelProps['onDownload'];
}) {
  const t = useT();
  const kind = t(`kind.${document.kind}`);
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
      </Stack>
      <PdfLanguageMenu
        label={t('downloadPdf')}
        ariaLabel={t('downloadPdfOf', { number: document.number })}
        onSelect={(lang) => onDownload(document, lang)}
      />
    </Flex>
  );
}
