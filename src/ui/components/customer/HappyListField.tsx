import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { CustomerDeliveryDetails } from '../../../domain';
import { registerTexts, t } from '../../i18n';
import { deliver as deliverTexts } from '../../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

/** The ticked items after one tick or untick (each item once). */
export function toggled(ticked: readonly string[], item: string, tick: boolean): string[] {
  const others = ticked.filter((i) => i !== item);
  return tick ? [...others, item] : others;
}

/**
 * The happy-list checklist (SPEC §1, §3): each item the driver ticks is sent as {item, text,
 * value: true}. It reports one item's tick, not a whole list: the caller applies it to the
 * stored list, which may be ahead of the `ticked` shown here.
 */
export function HappyListField({
  items,
  ticked,
  disabled,
  onToggle,
}: {
  items: CustomerDeliveryDetails['happy_list_results'];
  ticked: readonly string[];
  disabled: boolean;
  onToggle: (item: string, ticked: boolean) => void;
}) {
  if (items.length === 0) return null;
  const set = new Set(ticked);
  return (
    <Fieldset.Root disabled={disabled} data-field="happy-list">
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        {t('deliver.happyList')}
      </Fieldset.Legend>
      <Stack gap="1">
        {items.map((item) => (
          <Checkbox.Root
            key={item.item}
            checked={set.has(item.item)}
            onCheckedChange={(e) => onToggle(item.item, e.checked === true)}
            minH="12"
            alignItems="center"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control boxSize="6" />
            <Checkbox.Label>
              <Text fontSize="md">{item.text || item.item}</Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
