import { Box, Button, chakra, Field, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { DraftPhoto } from '../../db';
import type { SignatureFrom } from '../../domain';
import { useBlobUrl } from '../hooks/useBlobUrl';
import type { DraftWriter } from '../hooks/useDraftWriter';
import { LEGIBLE_WHEN_DISABLED } from './OnlineOnlyNote';
import { exportPng, paint, type Stroke } from './signatureInk';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

interface Props {
  /** The saved signature image (its bytes are in the blob store under value.id), or null. */
  value: DraftPhoto | null;
  from: SignatureFrom;
  disabled: boolean;
  invalidText: string | null;
  /** The delivery screen's draft writer: the drawing is saved through it, held while strokes follow. */
  writer: Pick<DraftWriter, 'hold' | 'drop' | 'run' | 'saveImage' | 'removeImage'>;
  onFromChange: (from: SignatureFrom) => void;
}

const PAD_HEIGHT = 200;
/** Several strokes (a first name, then a last name) make one save; Deliver takes it at once. */
const SAVE_DEBOUNCE_MS = 400;
/** The writer's key of the held save. */
const HOLD_KEY = 'signature';

/** The saved signature, read from the blob store (bytes in IndexedDB). */
function SavedSignature({ photo }: { photo: DraftPhoto }) {
  const url = useBlobUrl(photo.id);
  return url ? (
    <Image src={url} alt={t('deliver.savedSignature')} objectFit="contain" w="full" h="full" data-testid="signature-saved" />
  ) : (
    <Skeleton w="full" h="full" />
  );
}

/**
 * The customer's (or driver's) signature: drawn with perfect-freehand on a canvas, saved as
 * a PNG 400 ms after the last stroke. The save is held by the draft writer, so Deliver and
 * leaving the screen take it at once. A saved signature shows as its image until cleared.
 */
export function SignaturePad({ value, from, disabled, invalidText, writer, onFromChange }: Props) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  /** The last canvas mounted: kept after unmount so a held save can still export it. */
  const lastCanvas = useRef<HTMLCanvasElement | null>(null);
  const dprRef = useRef(1);
  /** Strokes drawn that no finished save holds yet. */
  const unsaved = useRef(false);
  const strokesRef = useRef<Stroke[]>([]);
  const currentRef = useRef<Stroke | null>(null);
  const frame = useRef<number | null>(null);
  /** Bumped by Clear: a PNG export started before it is dropped. */
  const generation = useRef(0);
  const writerRef = useRef(writer);
  useEffect(() => {
    writerRef.current = writer;
  }, [writer]);
  /** The driver has drawn in this session: the canvas, not the saved image, is the truth. */
  const [drawn, setDrawn] = useState(false);
  const [empty, setEmpty] = useState(true);
  const radioName = useId();

  const showSaved = value !== null && !drawn;

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (canvas) paint(canvas, dprRef.current, strokesRef.current, currentRef.current);
  }, []);

  const setCanvas = useCallback((node: HTMLCanvasElement | null) => {
    canvasRef.current = node;
    if (node) lastCanvas.current = node;
  }, []);

  const scheduleRedraw = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      redraw();
    });
  }, [redraw]);

  /** The held save: the canvas as a PNG into the draft, unless Clear came first. */
  const save = useCallback(async () => {
    const canvas = lastCanvas.current;
    const strokes = strokesRef.current;
    if (!canvas || strokes.length === 0) return;
    const started = generation.current;
    const image = await exportPng(canvas);
    if (!image || started !== generation.current) return;
    await writerRef.current.saveImage(image, 'signature');
    if (started === generation.current && strokesRef.current === strokes && currentRef.current === null) unsaved.current = false;
  }, []);

  // The canvas keeps its backing store at the device's pixel ratio and follows its box.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || showSaved) return;
    const fit = (): void => {
      const dpr = window.devicePixelRatio || 1;
      dprRef.current = dpr;
      const width = Math.round(canvas.clientWidth * dpr);
      const height = Math.round(canvas.clientHeight * dpr);
      if (width > 0 && height > 0 && (canvas.width !== width || canvas.height !== height)) {
        canvas.width = width;
        canvas.height = height;
      }
      redraw();
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [showSaved, redraw]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // The saved signature was removed elsewhere (not while strokes of ours wait to be saved): start blank.
  const previousId = useRef(value?.id ?? null);
  useEffect(() => {
    const id = value?.id ?? null;
    if (previousId.current !== null && id === null && !unsaved.current && currentRef.current === null) {
      strokesRef.current = [];
      setDrawn(false);
      setEmpty(true);
      redraw();
    }
    previousId.current = id;
  }, [value?.id, redraw]);

  const pointOf = (e: ReactPointerEvent<HTMLCanvasElement> | PointerEvent, rect: DOMRect): number[] => [
    e.clientX - rect.left,
    e.clientY - rect.top,
    e.pressure > 0 ? e.pressure : 0.5,
  ];

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>): void => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    // A stroke is under way: the save waits for its end (which holds it again).
    writer.drop(HOLD_KEY);
    unsaved.current = true;
    const rect = e.currentTarget.getBoundingClientRect();
    currentRef.current = { points: [pointOf(e, rect)], pen: e.pointerType === 'pen' };
    setDrawn(true);
    setEmpty(false);
    scheduleRedraw();
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>): void => {
    const current = currentRef.current;
    if (!current || disabled) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    if (events.length > 0) for (const event of events) current.points.push(pointOf(event, rect));
    else current.points.push(pointOf(e, rect));
    scheduleRedraw();
  };

  const endStroke = (e: ReactPointerEvent<HTMLCanvasElement>): void => {
    const current = currentRef.current;
    if (!current) return;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    currentRef.current = null;
    strokesRef.current = [...strokesRef.current, current];
    redraw();
    writer.hold(HOLD_KEY, save, SAVE_DEBOUNCE_MS);
  };

  const clear = (): void => {
    generation.current += 1;
    writer.drop(HOLD_KEY);
    unsaved.current = false;
    strokesRef.current = [];
    currentRef.current = null;
    setDrawn(false);
    setEmpty(true);
    redraw();
    // Whatever is stored when this write runs, so also a save of ours still landing.
    writer.run(() => writer.removeImage(null, 'signature'));
  };

  const options: { value: SignatureFrom; label: string }[] = [
    { value: 'customer', label: t('deliver.customer') },
    { value: 'driver', label: t('deliver.driver') },
  ];

  return (
    <Field.Root invalid={Boolean(invalidText)} disabled={disabled} data-field="signature">
      <Field.Label>{t('deliver.signature')}</Field.Label>
      <Stack gap="3" w="full">
        <Box
          position="relative"
          w="full"
          h={`${PAD_HEIGHT}px`}
          bg="white"
          borderWidth="2px"
          borderColor={invalidText ? 'border.error' : 'border.emphasized'}
          rounded="l2"
          overflow="hidden"
        >
          {showSaved ? (
            <SavedSignature photo={value} />
          ) : (
            <>
              <canvas
                ref={setCanvas}
                role="img"
                aria-label={disabled ? t('deliver.padReadOnly') : t('deliver.padSign')}
                style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair' }}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endStroke}
                onPointerCancel={endStroke}
                onLostPointerCapture={endStroke}
                onContextMenu={(e) => e.preventDefault()}
              />
              {empty && value === null ? (
                <Text position="absolute" bottom="3" left="4" color="fg.muted" pointerEvents="none" userSelect="none" textStyle="md">
                  {disabled ? t('deliver.noSignature') : t('deliver.signHere')}
                </Text>
              ) : null}
            </>
          )}
        </Box>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="2" wrap="wrap" role="radiogroup" aria-labelledby={`${radioName}-label`}>
            <Text id={`${radioName}-label`} textStyle="md" fontWeight="medium" me="1">
              {t('deliver.signedBy')}
            </Text>
            {options.map((option) => {
              const checked = from === option.value;
              return (
                <chakra.label
                  key={option.value}
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  minH="12"
                  minW="12"
                  px="5"
                  textStyle="md"
                  fontWeight="semibold"
                  rounded="l2"
                  borderWidth="2px"
                  borderColor="primary.border"
                  bg={checked ? 'primary.solid' : 'bg'}
                  color={checked ? 'primary.contrast' : 'primary.fg'}
                  cursor={disabled ? 'not-allowed' : 'pointer'}
                  opacity={disabled ? 0.6 : 1}
                  _focusWithin={{ outline: '3px solid', outlineColor: 'primary.focusRing', outlineOffset: '2px' }}
                >
                  <chakra.input
                    type="radio"
                    name={radioName}
                    value={option.value}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onFromChange(option.value)}
                    srOnly
                  />
                  {option.label}
                </chakra.label>
              );
            })}
          </HStack>
          <Button variant="outline" colorPalette="primary" {...LEGIBLE_WHEN_DISABLED} disabled={disabled || (empty && value === null)} onClick={clear}>
            {t('deliver.clear')}
          </Button>
        </HStack>
        {showSaved && !disabled ? (
          <Text color="fg.muted" textStyle="md">
            {t('deliver.savedClearToSign')}
          </Text>
        ) : null}
      </Stack>
      {invalidText ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
