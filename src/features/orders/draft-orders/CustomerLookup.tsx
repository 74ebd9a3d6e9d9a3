import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CustomerOverview } from '@generated/model';
import { useListAdminCustomers } from '@generated/hooks/customers/customers';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import type { DraftForm } from './draft-form';
import { useT } from './messages';

/** Customers asked of the server per search. */
const RESULTS = 5;

export interface CustomerLookupProps {
  buyer: DraftForm['buyer'];
  email: string;
  /** The customer chosen (their last order's e-mail, type, country and VAT number), or null. */
  onChoose: (customer: CustomerOverview | null) => void;
}

/**
 * 'Find a customer': the customers overview's search (listAdminCustomers: e-mail, type or
 * country). Choosing one fills the e-mail and the VAT details of their last order; the draft stays
 * a guest's (the overview has no account ids).
 */
export function CustomerLookup({ buyer, email, onChoose }: CustomerLookupProps) {
  const t = useT();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim().slice(0, 100), 250);
  const found = useListAdminCustomers(
    { search, limit: RESULTS },
    { swr: { enabled: search.length >= 2 } },
  );
  if (buyer)
    return (
      <HStack gap="3" data-testid="known-customer" flexWrap="wrap">
        <Text>
          {t('knownCustomer', {
            email,
            type: buyer.customerType === 'professional' ? t('professional') : t('individual'),
            country: buyer.countryCode,
          })}
          {buyer.vatNumber && (
            <>
              {' · '}
              <bdi>{buyer.vatNumber}</bdi>
            </>
          )}
        </Text>
        <Button size="xs" variant="outline" onClick={() => onChoose(null)}>
          {t('clearCustomer')}
        </Button>
      </HStack>
    );
  const results = search.length >= 2 ? (found.data ?? []) : [];
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{t('findCustomer')}</Field.Label>
        <Input
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('findCustomerPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </Field.Root>
      {results.length > 0 && (
        <Box as="ul" listStyleType="none" aria-label={t('customersFound')}>
          {results.map((c) => (
            <Box as="li" key={c.email}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setText('');
                  onChoose(c);
                }}
              >
                <bdi>{c.email}</bdi>
                {' · '}
                {c.customer_type === 'professional' ? t('professional') : t('individual')}
                {' · '}
                {c.country_code}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
