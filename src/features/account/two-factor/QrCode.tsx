import { Box, Skeleton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

const SIZE = 200;

/**
 * `value` (an otpauth:// URI) as a QR code, drawn by the qrcode library as an SVG image (a data
 * URL, which the CSP's img-src allows). The library loads with the first code shown.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toString }) =>
        toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (current)
          setDrawn({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      });
    return () => {
      current = false;
    };
  }, [value]);
  return (
    // White around the code whatever the colour mode: scanners need the contrast.
    <Box bg="white" p="2" borderRadius="l2" borderWidth="1px" width="fit-content">
      {drawn?.value === value ? (
        <img src={drawn.src} alt={label} width={SIZE} height={SIZE} data-testid="totp-qr" />
      ) : (
        <Skeleton width={`${SIZE}px`} height={`${SIZE}px`} />
      )}
    </Box>
  );
}
