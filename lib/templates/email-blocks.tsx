import { Button, Column, Heading, Hr, Img, Link, Row, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { NO_TRACK_ATTRIBUTE } from "@/lib/core/html/no-track";
import type { Block, ColumnChildBlock } from "./blocks";
import { buttonClass, foregroundClass } from "./dark-mode";
import { blockMarker } from "./editor-markers";
import { parseInline, type InlineNode } from "./inline";
import type { ResolvedTheme } from "./theme";

/** Fills variables into the strings of a block; URL fills return undefined when unsafe. */
export type Filler = {
  text(value: string): string;
  link(value: string): string | undefined;
  image(value: string): string | undefined;
};

type BlockProps<B> = {
  block: B;
  theme: ResolvedTheme;
  fill: Filler;
  width: number;
  /** Editor preview only: mark the block's outermost element with its id (editor-markers.ts). */
  marked?: boolean;
};

/** Props for the anchors of a block whose author turned click tracking off. */
function trackingProps(block: { track?: boolean }): Record<string, string> {
  return block.track === false ? { [NO_TRACK_ATTRIBUTE]: "" } : {};
}

// [font size, line height, bottom margin] per level.
const HEADING_SIZES = { 1: [28, 36, 16], 2: [22, 30, 12], 3: [18, 26, 8] } as const;
const TEXT_SIZES = { small: [13, 20], normal: [16, 26], large: [18, 28] } as const;

function HeadingView({
  block,
  theme,
  fill,
  marked,
}: BlockProps<Extract<Block, { type: "heading" }>>) {
  const level = block.level ?? 1;
  const [fontSize, lineHeight, marginBottom] = HEADING_SIZES[level];
  return (
    <Heading
      {...blockMarker(block, marked)}
      as={`h${level}`}
      className={block.color ? foregroundClass(block.color) : "mw-text"}
      style={{
        margin: `0 0 ${marginBottom}px`,
        fontSize: `${fontSize}px`,
        lineHeight: `${lineHeight}px`,
        fontWeight: 700,
        letterSpacing: level === 1 ? "-0.02em" : "-0.01em",
        color: block.color ?? theme.text,
        textAlign: block.align ?? "left",
      }}
    >
      {fill.text(block.text)}
    </Heading>
  );
}

function InlineView({
  nodes,
  theme,
  fill,
  linkProps,
}: {
  nodes: InlineNode[];
  theme: ResolvedTheme;
  fill: Filler;
  linkProps: Record<string, string>;
}) {
  return nodes.map((node, i): ReactNode => {
    switch (node.kind) {
      case "text":
        return fill.text(node.text);
      case "break":
        return <br key={i} />;
      case "bold":
        return (
          <strong key={i} style={{ fontWeight: 700 }}>
            <InlineView nodes={node.children} theme={theme} fill={fill} linkProps={linkProps} />
          </strong>
        );
      case "link": {
        const href = fill.link(node.href);
        const label = fill.text(node.label);
        if (!href) return label;
        return (
          <Link
            key={i}
            href={href}
            className="mw-link"
            style={{ color: theme.brand, textDecorationLine: "underline" }}
            {...linkProps}
          >
            {label}
          </Link>
        );
      }
    }
  });
}

function TextView({ block, theme, fill, marked }: BlockProps<Extract<Block, { type: "text" }>>) {
  const size = block.size ?? "normal";
  const [fontSize, lineHeight] = TEXT_SIZES[size];
  return (
    <Text
      {...blockMarker(block, marked)}
      className={
        block.color ? foregroundClass(block.color) : size === "small" ? "mw-muted" : "mw-text"
      }
      style={{
        margin: "0 0 16px",
        fontSize: `${fontSize}px`,
        lineHeight: `${lineHeight}px`,
        color: block.color ?? (size === "small" ? theme.muted : theme.text),
        textAlign: block.align ?? "left",
      }}
    >
      <InlineView
        nodes={parseInline(block.text)}
        theme={theme}
        fill={fill}
        linkProps={trackingProps(block)}
      />
    </Text>
  );
}

/** A one-cell row: `align` on the cell positions buttons and images in every client. */
function Cell({
  align,
  style,
  marker,
  children,
}: {
  align?: string;
  style?: CSSProperties;
  marker?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Row {...marker}>
      <Column align={(align ?? "left") as "left"} style={style}>
        {children}
      </Column>
    </Row>
  );
}

function ButtonView({
  block,
  theme,
  fill,
  marked,
}: BlockProps<Extract<Block, { type: "button" }>>) {
  const href = fill.link(block.href) ?? "#";
  const background = block.color ?? theme.brand;
  const label = block.textColor ?? "#ffffff";
  return (
    <Cell align={block.align} style={{ padding: "8px 0 24px" }} marker={blockMarker(block, marked)}>
      <Button
        href={href}
        className={buttonClass(background, label)}
        {...trackingProps(block)}
        style={{
          backgroundColor: background,
          color: label,
          borderRadius: "8px",
          padding: "13px 26px",
          fontSize: "16px",
          lineHeight: "20px",
          fontWeight: 600,
          textDecoration: "none",
          textAlign: "center",
        }}
      >
        {fill.text(block.label)}
      </Button>
    </Cell>
  );
}

function ImageView({ block, fill, width, marked }: BlockProps<Extract<Block, { type: "image" }>>) {
  const src = fill.image(block.src);
  if (!src) return null;
  const shown = Math.min(block.width ?? width, width);
  const align = block.align ?? "center";
  const image = (
    <Img
      src={src}
      alt={fill.text(block.alt ?? "")}
      width={shown}
      style={{
        width: "100%",
        maxWidth: `${shown}px`,
        height: "auto",
        borderRadius: "6px",
        margin: align === "center" ? "0 auto" : align === "right" ? "0 0 0 auto" : undefined,
      }}
    />
  );
  const href = block.href ? fill.link(block.href) : undefined;
  return (
    <Cell align={align} style={{ paddingBottom: "16px" }} marker={blockMarker(block, marked)}>
      {href ? (
        <Link href={href} {...trackingProps(block)}>
          {image}
        </Link>
      ) : (
        image
      )}
    </Cell>
  );
}

function Spacer({ height, marker }: { height: number; marker: Record<string, string> }) {
  return (
    <Cell
      marker={marker}
      style={{ height: `${height}px`, lineHeight: `${height}px`, fontSize: "1px" }}
    >
      {"\u00a0"}
    </Cell>
  );
}

function ColumnsView({
  block,
  theme,
  fill,
  width,
  marked,
}: BlockProps<Extract<Block, { type: "columns" }>>) {
  const fixed = block.columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = block.columns.filter((c) => c.width === undefined).length;
  const share = flexible ? (100 - fixed) / flexible : 0;
  const last = block.columns.length - 1;
  // Stacking columns (the default) get the class the narrow-screen stylesheet stacks.
  const className = block.stack === false ? undefined : "mw-col";
  return (
    <Row {...blockMarker(block, marked)}>
      {block.columns.map((column, i) => {
        const percent = column.width ?? share;
        return (
          <Column
            key={i}
            className={className}
            width={`${percent}%`}
            style={{
              width: `${percent}%`,
              verticalAlign: "top",
              paddingLeft: i === 0 ? 0 : "8px",
              paddingRight: i === last ? 0 : "8px",
            }}
          >
            {column.blocks.map((child, j) => (
              <BlockView
                key={j}
                block={child}
                theme={theme}
                fill={fill}
                width={Math.floor((width * percent) / 100) - 16}
                marked={marked}
              />
            ))}
          </Column>
        );
      })}
    </Row>
  );
}

export function BlockView(props: BlockProps<Block | ColumnChildBlock>) {
  const { block } = props;
  switch (block.type) {
    case "heading":
      return <HeadingView {...props} block={block} />;
    case "text":
      return <TextView {...props} block={block} />;
    case "button":
      return <ButtonView {...props} block={block} />;
    case "image":
      return <ImageView {...props} block={block} />;
    case "divider":
      return (
        <Hr
          {...blockMarker(block, props.marked)}
          className="mw-border"
          style={{
            border: "none",
            borderTop: `1px solid ${block.color ?? props.theme.border}`,
            margin: "24px 0",
          }}
        />
      );
    case "spacer":
      return <Spacer height={block.height ?? 24} marker={blockMarker(block, props.marked)} />;
    case "columns":
      return <ColumnsView {...props} block={block} />;
  }
}
