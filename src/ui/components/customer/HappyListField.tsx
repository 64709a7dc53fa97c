import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { CustomerDeliveryDetails } from '../../../domain';
import { registerTexts, t } from '../../i18n';
import { deliver as deliverTexts } from '../../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

/** The happy-list checklist (SPEC §1, §3): each item the driver ticks is sent as {item, text, value: true}. */
export function HappyListField({
  items,
  ticked,
  disabled,
  onChange,
}: {
  items: CustomerDeliveryDetails['happy_list_results'];
  ticked: readonly string[];
  disabled: boolean;
  onChange: (ticked: string[]) => void;
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
            onCheckedChange={(e) => onChange(e.checked === true ? [...set, item.item] : [...set].filter((i) => i !== item.item))}
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
