import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { ROW_FROM_SM } from './responsive';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. 'Add Product'). */
  actions?: ReactNode;
}

/** Title row of an admin screen; also sets the document title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Flex gap="4" mb="6" {...ROW_FROM_SM} justify="space-between">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {actions && (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
