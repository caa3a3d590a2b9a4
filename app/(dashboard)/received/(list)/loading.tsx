import { PageSkeleton } from "@/components/ui/page-skeleton";

// In the (list) route group, so the detail pages beside it keep no boundary above them and an
// unknown id still answers 404, not a streamed 200.
export default PageSkeleton;
