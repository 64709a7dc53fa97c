/** The notice of work a phone lost (issue 24 item 7: the browser cleared its storage). */
export const lostWork = {
  label: 'Work that never reached the office',
  title_one: '{{count}} action never reached the office',
  title_other: '{{count}} actions never reached the office',
  why: 'The app on a phone you used was cleared (the phone or the browser removed its saved data), or you changed phones. The last time that phone reported, on {{when}}, it still held these, unsent:',
  entry: '{{action}} — {{order}}',
  noOrder: 'not about an order',
  orderId: 'order #{{id}}',
  unlisted_one: 'and {{count}} more action',
  unlisted_other: 'and {{count}} more actions',
  officeTold: 'The office has been told.',
  tellOffice: 'Please tell the office.',
  redo: 'Do them again if they are still needed. If you still have that phone and the app there still shows them, open it with signal first: they will be sent from there.',
  close: 'OK',
};
