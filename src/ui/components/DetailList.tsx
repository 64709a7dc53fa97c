import { DataList } from '@chakra-ui/react';

export interface DetailItem {
  label: string;
  value: string | number | null | undefined;
}

/** A labelled list of read-only facts (order rows, delivery details). */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <DataList.Root orientation="horizontal" size="md" gap="2">
      {items.map((item) => (
        // The value beside its label when both fit, else below it (a large text size, a narrow phone).
        <DataList.Item key={item.label} flexWrap="wrap" columnGap="3" rowGap="0">
          {/* One label width, so the values line up; a long value (an email) wraps inside the card. */}
          <DataList.ItemLabel w="36" minW="0" flex="0 1 auto" alignSelf="start">
            {item.label}
          </DataList.ItemLabel>
          <DataList.ItemValue minW="0" flex="1 1 10rem" overflowWrap="anywhere">
            {item.value === null || item.value === undefined || item.value === '' ? '—' : String(item.value)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
