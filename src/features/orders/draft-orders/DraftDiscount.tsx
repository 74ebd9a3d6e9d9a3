import { Button, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SelectField, TextField } from '@/components/form';
import type { ManualDiscountForm } from './draft-form';
import { useT } from './messages';

/** The contract's DiscountCode: what the server would refuse with a 422 is refused here first. */
const CODE = /^[A-Za-z0-9_-]{3,32}$/;

export interface DraftDiscountProps {
  /** The code applied (form.discountCode); null: none. */
  code: string | null;
  manual: ManualDiscountForm | null;
  /** The server's word on the code (DraftOrder.discount_notice), e.g. why it gives nothing. */
  notice: string | null;
  onCodeChange: (code: string | null) => void;
  onManualChange: (manual: ManualDiscountForm | null) => void;
}

/**
 * The staff order's discount (docs/product.md §10.3 "Staff orders"): a code OR a manual discount,
 * never both (the server refuses both with a 422), saved with the draft like every other field.
 */
export function DraftDiscount({
  code,
  manual,
  notice,
  onCodeChange,
  onManualChange,
}: DraftDiscountProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const valid = CODE.test(typed.trim());
  const apply = () => {
    const value = typed.trim().toUpperCase();
    if (!valid) return;
    onCodeChange(value);
    setTyped('');
  };

  if (manual !== null)
    return (
      <Stack gap="3" data-testid="draft-manual-discount">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 2fr' }} gap="3" alignItems="start">
          <SelectField
            label={t('manualKind')}
            value={manual.kind}
            options={[
              { value: 'percent', label: t('manualPercent') },
              { value: 'amount', label: t('manualAmount') },
            ]}
            onChange={(kind) =>
              onManualChange({ ...manual, kind: kind as ManualDiscountForm['kind'] })
            }
          />
          <TextField
            label={manual.kind === 'percent' ? t('manualPercentValue') : t('manualAmountValue')}
            required
            inputMode="decimal"
            value={manual.value}
            maxLength={13}
            onChange={(value) => onManualChange({ ...manual, value })}
          />
          <TextField
            label={t('manualReason')}
            helperText={t('manualReasonHelp')}
            required
            value={manual.reason}
            maxLength={100}
            onChange={(reason) => onManualChange({ ...manual, reason })}
          />
        </Grid>
        <HStack>
          <Button size="sm" variant="outline" onClick={() => onManualChange(null)}>
            {t('manualRemove')}
          </Button>
        </HStack>
      </Stack>
    );

  return (
    <Stack gap="3">
      {code !== null ? (
        <Flex gap="3" align="center" wrap="wrap" data-testid="draft-discount-code">
          <Text>{t('codeApplied', { code })}</Text>
          <Button size="sm" variant="outline" onClick={() => onCodeChange(null)}>
            {t('codeRemove')}
          </Button>
        </Flex>
      ) : (
        <Flex gap="3" align="end" wrap="wrap">
          <TextField
            label={t('codeLabel')}
            value={typed}
            maxLength={32}
            error={typed.trim() !== '' && !valid ? t('codeInvalid') : undefined}
            autoComplete="off"
            onChange={setTyped}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply();
            }}
          />
          <Button variant="outline" disabled={!valid} onClick={apply}>
            {t('codeApply')}
          </Button>
        </Flex>
      )}
      {notice !== null && (
        <Text color="fg.error" fontSize="sm" role="status" data-testid="draft-discount-notice">
          {notice}
        </Text>
      )}
      {code === null && (
        <HStack>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onManualChange({ kind: 'percent', value: '', reason: '' })}
          >
            {t('manualAdd')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
