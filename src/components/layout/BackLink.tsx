import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { ArrowLeftIcon } from '@/components/icons';

/** The link back to a list, above a screen's header; its arrow points backwards in Arabic too. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" mb="2" ms="-2">
      <Link href={href}>
        <ArrowLeftIcon _rtl={{ transform: 'scaleX(-1)' }} />
        {children}
      </Link>
    </Button>
  );
}
