import { formatDate } from '@/lib/format';

/** A shop day (YYYY-MM-DD) in the active language: noon UTC is that day in every shop zone. */
export const formatShopDay = (day: string) => formatDate(`${day}T12:00:00Z`);
