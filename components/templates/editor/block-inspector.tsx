"use client";

import { MousePointerClick } from "lucide-react";
import type { AnyBlock } from "@/lib/web/dashboard/templates-document";
import type { Block } from "@/lib/templates/blocks";
import type { ResolvedTheme } from "@/lib/templates/theme";
import { SegmentedControl } from "../../ui/segmented-control";
import { BLOCK_META } from "./block-meta";
import { ColumnsFields } from "./columns-fields";
import { ImageUploadField } from "./image-upload-field";
import {
  AlignField,
  ChoiceField,
  ColorField,
  NumberField,
  TextField,
  TrackClicksField,
  UrlField,
} from "./field-kit";
import { MarkupTextarea } from "./markup-textarea";

export type InspectorProps<B extends AnyBlock = AnyBlock> = {
  block: B;
  /** Merges a patch into the block (undefined removes an optional field). */
  onPatch: (patch: Partial<B>) => void;
  errors: Record<string, string>;
  /** Marks `<blockId>.<field>` as visited. */
  onTouch: (field: string) => void;
  theme: ResolvedTheme;
  variables: string[];
  onAddToColumn: (column: number) => void;
};

/** The fields of the selected block. */
export function BlockInspector(props: InspectorProps) {
  const { block, errors } = props;
  const { label, icon: Icon, hint } = BLOCK_META[block.type];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
      <div className="flex items-center gap-2.5">
        <span className="grid size-8 place-items-center rounded-lg bg-indigo-50 text-indigo-600 ring-1 ring-indigo-200">
          <Icon aria-hidden className="size-4" />
        </span>
        <div>
          <h3 className="text-sm font-semibold text-zinc-900">{label}</h3>
          <p className="text-xs text-zinc-500">{hint}</p>
        </div>
      </div>
      {errors.block && <p className="text-[13px] text-red-600">{errors.block}</p>}
      <Fields {...props} />
    </div>
  );
}

function Fields(props: InspectorProps) {
  const { block } = props;
  switch (block.type) {
    case "heading":
      return <HeadingFields {...(props as InspectorProps<typeof block>)} />;
    case "text":
      return <TextFields {...(props as InspectorProps<typeof block>)} />;
    case "button":
      return <ButtonFields {...(props as InspectorProps<typeof block>)} />;
    case "image":
      return <ImageFields {...(props as InspectorProps<typeof block>)} />;
    case "divider":
      return <DividerFields {...(props as InspectorProps<typeof block>)} />;
    case "spacer":
      return <SpacerFields {...(props as InspectorProps<typeof block>)} />;
    case "columns":
      return <ColumnsFields {...(props as InspectorProps<typeof block>)} />;
  }
}

type Of<T extends Block["type"]> = InspectorProps<Extract<AnyBlock, { type: T }>>;
const fid = (block: AnyBlock, field: string) => `block-${block.id}-${field}`;

function HeadingFields({ block, onPatch, errors, onTouch, theme, variables }: Of<"heading">) {
  return (
    <>
      <MarkupTextarea
        id={fid(block, "text")}
        label="Text"
        rows={2}
        markup={false}
        maxLength={500}
        value={block.text}
        onChange={(text) => onPatch({ text })}
        onBlur={() => onTouch("text")}
        error={errors.text}
        variables={variables}
      />
      <ChoiceField id={fid(block, "level")} label="Size">
        <SegmentedControl
          id={fid(block, "level")}
          label="Heading size"
          value={String(block.level ?? 1) as "1" | "2" | "3"}
          onValueChange={(v) => onPatch({ level: Number(v) as 1 | 2 | 3 })}
          options={[
            { value: "1", label: "Large" },
            { value: "2", label: "Medium" },
            { value: "3", label: "Small" },
          ]}
        />
      </ChoiceField>
      <AlignField
        id={fid(block, "align")}
        value={block.align}
        fallback="left"
        onChange={(align) => onPatch({ align })}
      />
      <ColorField
        id={fid(block, "color")}
        label="Color"
        value={block.color}
        defaultColor={theme.text}
        onChange={(color) => onPatch({ color })}
        onBlur={() => onTouch("color")}
        error={errors.color}
      />
    </>
  );
}

function TextFields({ block, onPatch, errors, onTouch, theme, variables }: Of<"text">) {
  return (
    <>
      <MarkupTextarea
        id={fid(block, "text")}
        label="Text"
        rows={7}
        maxLength={20_000}
        value={block.text}
        onChange={(text) => onPatch({ text })}
        onBlur={() => onTouch("text")}
        error={errors.text}
        variables={variables}
      />
      <ChoiceField id={fid(block, "size")} label="Size">
        <SegmentedControl
          id={fid(block, "size")}
          label="Text size"
          value={block.size ?? "normal"}
          onValueChange={(size) => onPatch({ size })}
          options={[
            { value: "small", label: "Small" },
            { value: "normal", label: "Normal" },
            { value: "large", label: "Large" },
          ]}
        />
      </ChoiceField>
      <AlignField
        id={fid(block, "align")}
        value={block.align}
        fallback="left"
        onChange={(align) => onPatch({ align })}
      />
      <ColorField
        id={fid(block, "color")}
        label="Color"
        value={block.color}
        defaultColor={block.size === "small" ? theme.muted : theme.text}
        onChange={(color) => onPatch({ color })}
        onBlur={() => onTouch("color")}
        error={errors.color}
      />
      <TrackClicksField
        id={fid(block, "track")}
        track={block.track}
        onChange={(track) => onPatch({ track })}
        what="links in this text"
      />
    </>
  );
}

function ButtonFields({ block, onPatch, errors, onTouch, theme }: Of<"button">) {
  return (
    <>
      <TextField
        id={fid(block, "label")}
        label="Label"
        value={block.label}
        maxLength={200}
        onChange={(label) => onPatch({ label })}
        onBlur={() => onTouch("label")}
        error={errors.label}
      />
      <UrlField
        id={fid(block, "href")}
        label="Link"
        kind="link"
        value={block.href}
        onChange={(href) => onPatch({ href })}
        onBlur={() => onTouch("href")}
        error={errors.href}
      />
      <AlignField
        id={fid(block, "align")}
        value={block.align}
        fallback="left"
        onChange={(align) => onPatch({ align })}
      />
      <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
        <ColorField
          id={fid(block, "color")}
          label="Background"
          value={block.color}
          defaultColor={theme.brand}
          onChange={(color) => onPatch({ color })}
          onBlur={() => onTouch("color")}
          error={errors.color}
        />
        <ColorField
          id={fid(block, "textColor")}
          label="Text"
          value={block.textColor}
          defaultColor="#ffffff"
          onChange={(textColor) => onPatch({ textColor })}
          onBlur={() => onTouch("textColor")}
          error={errors.textColor}
        />
      </div>
      <TrackClicksField
        id={fid(block, "track")}
        track={block.track}
        onChange={(track) => onPatch({ track })}
        what="this button"
      />
    </>
  );
}

function ImageFields({ block, onPatch, errors, onTouch }: Of<"image">) {
  const previewable = /^https?:\/\/\S+$/i.test(block.src.trim());
  return (
    <>
      {previewable && (
        // eslint-disable-next-line @next/next/no-img-element -- any host: not for next/image
        <img
          src={block.src}
          alt=""
          className="max-h-36 w-full rounded-lg bg-zinc-100 object-contain ring-1 ring-zinc-200"
        />
      )}
      <ImageUploadField id={fid(block, "upload")} onUploaded={({ url }) => onPatch({ src: url })} />
      <UrlField
        id={fid(block, "src")}
        label="Image URL"
        kind="image"
        value={block.src}
        onChange={(src) => onPatch({ src })}
        onBlur={() => onTouch("src")}
        error={errors.src}
      />
      <TextField
        id={fid(block, "alt")}
        label="Alt text"
        hint="Read aloud by screen readers and shown when images are off."
        value={block.alt ?? ""}
        maxLength={500}
        onChange={(alt) => onPatch({ alt: alt || undefined })}
        onBlur={() => onTouch("alt")}
        error={errors.alt}
      />
      <NumberField
        id={fid(block, "width")}
        label="Width"
        min={1}
        max={600}
        placeholder="Full width"
        hint="Up to 600 px; empty fills the content width."
        value={block.width}
        onChange={(width) => onPatch({ width })}
        onBlur={() => onTouch("width")}
        error={errors.width}
      />
      <UrlField
        id={fid(block, "href")}
        label="Link (optional)"
        kind="link"
        placeholder="https://…"
        hint="Where a click on the image goes: https://, mailto:, tel: or a {{variable}}."
        value={block.href ?? ""}
        onChange={(href) => onPatch({ href: href || undefined })}
        onBlur={() => onTouch("href")}
        error={errors.href}
      />
      <AlignField
        id={fid(block, "align")}
        value={block.align}
        fallback="center"
        onChange={(align) => onPatch({ align })}
      />
      {block.href && (
        <TrackClicksField
          id={fid(block, "track")}
          track={block.track}
          onChange={(track) => onPatch({ track })}
          what="this image's link"
        />
      )}
    </>
  );
}

function DividerFields({ block, onPatch, errors, onTouch, theme }: Of<"divider">) {
  return (
    <ColorField
      id={fid(block, "color")}
      label="Line color"
      value={block.color}
      defaultColor={theme.border}
      onChange={(color) => onPatch({ color })}
      onBlur={() => onTouch("color")}
      error={errors.color}
    />
  );
}

function SpacerFields({ block, onPatch, errors, onTouch }: Of<"spacer">) {
  const height = block.height ?? 24;
  return (
    <>
      <ChoiceField id={fid(block, "height-range")} label="Height">
        <input
          type="range"
          min={4}
          max={200}
          step={4}
          value={Math.min(200, Math.max(4, height))}
          aria-labelledby={`${fid(block, "height-range")}-label`}
          onChange={(e) => onPatch({ height: Number(e.target.value) })}
          className="w-full accent-indigo-600"
        />
      </ChoiceField>
      <NumberField
        id={fid(block, "height")}
        label="Exact height"
        min={4}
        max={200}
        value={block.height}
        placeholder="24"
        onChange={(value) => onPatch({ height: value })}
        onBlur={() => onTouch("height")}
        error={errors.height}
      />
    </>
  );
}

/** Shown in the inspector when nothing is selected. */
export function NoBlockSelected() {
  return (
    <div className="px-6 py-12 text-center">
      <MousePointerClick aria-hidden className="mx-auto mb-3 size-5 text-zinc-400" />
      <p className="text-sm font-medium text-zinc-900">Select a block to edit it</p>
      <p className="mt-1 text-[13px] text-zinc-500">
        Pick one in the block list, or add a new one with “Add block”.
      </p>
    </div>
  );
}
