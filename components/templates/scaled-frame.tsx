"use client";

import { useLayoutEffect, useRef, useState, type Ref } from "react";
import { cn } from "../ui/cn";

/**
 * Email HTML in a sandboxed iframe (`sandbox=""`: no scripts, no same-origin access), laid out at
 * `width` CSS pixels like a real mail client would and scaled down to fit its box. With `fill`,
 * a box wider than `width` widens the frame instead of leaving gutters.
 */
export function ScaledFrame({
  html,
  width,
  title,
  fill,
  interactive = true,
  frame,
  className,
}: {
  html: string;
  width: number;
  title: string;
  fill?: boolean;
  /** Thumbnails are pictures: no focus, no scrolling, no clicks. */
  interactive?: boolean;
  /**
   * The editor's preview reaches into the frame to pick blocks: `allowSameOrigin` adds
   * `allow-same-origin` to the sandbox (still no scripts, so the email's HTML runs nothing).
   */
  frame?: { ref: Ref<HTMLIFrameElement>; onLoad: () => void; allowSameOrigin: boolean };
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = size ? Math.min(1, size.width / width) : 1;
  const frameWidth = size && fill && size.width > width ? size.width : width;
  const frameHeight = size ? size.height / scale : 0;

  return (
    <div ref={box} className={cn("relative overflow-hidden", className)}>
      {size && (
        <iframe
          ref={frame?.ref}
          onLoad={frame?.onLoad}
          title={title}
          sandbox={frame?.allowSameOrigin ? "allow-same-origin" : ""}
          srcDoc={html}
          scrolling={interactive ? undefined : "no"}
          tabIndex={interactive ? undefined : -1}
          aria-hidden={interactive ? undefined : true}
          className={cn(
            "absolute top-0 block origin-top-left border-0 bg-transparent",
            !interactive && "pointer-events-none",
          )}
          style={{
            width: frameWidth,
            height: frameHeight,
            transform: scale < 1 ? `scale(${scale})` : undefined,
            // Narrower than its box (mobile view): centered.
            left: frameWidth * scale < size.width ? (size.width - frameWidth * scale) / 2 : 0,
          }}
        />
      )}
    </div>
  );
}
