"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { deleteContact } from "@/lib/contacts/delete";
import { getContact } from "@/lib/contacts/get";
import { findContactByEmail } from "@/lib/contacts/internal";
import { updateContact } from "@/lib/contacts/update";
import { upsertContact } from "@/lib/contacts/upsert";
import { addContactTag, removeContactTag } from "@/lib/contacts/tags";
import {
  listContactStory,
  serializeContactStory,
  STORY_PAGE_SIZE,
  type ContactStoryResource,
} from "@/lib/contacts/timeline";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { dashboardAction } from "../action";
import { Id, PostedForm, PreviousState } from "../action-input";
import { dataPatchFor, parseContactForm } from "../contact-form";
import { failure, success, type FormState } from "../form-state";

const FIELDS = ["email", "name", "subscribed", "data"] as const;
const GONE = "This contact no longer exists.";

export const createContactAction = dashboardAction(
  { args: [PreviousState, PostedForm], fields: FIELDS },
  async ({ ctx }, _previous, form): Promise<FormState<{ id: string }>> => {
    const parsed = parseContactForm(form, { withEmail: true });
    if (!parsed.ok) return failure("Please correct the highlighted fields.", parsed.fieldErrors);
    // The API upserts by email; the dashboard's "create" must not silently edit someone else.
    const existing = await findContactByEmail(ctx.db, ctx.projectId, parsed.input.email ?? "");
    if (existing) {
      return failure("A contact with this email already exists.", {
        email: "A contact with this email already exists. Edit it instead.",
      });
    }
    const { contact } = await upsertContact(ctx, parsed.input, { source: "dashboard" });
    revalidatePath("/contacts");
    revalidatePath("/overview");
    return success("Contact created", { id: contact.id });
  },
);

export const updateContactAction = dashboardAction(
  { args: [Id, PreviousState, PostedForm], fields: FIELDS, notFound: GONE },
  async ({ ctx }, contactId, _previous, form): Promise<FormState<{ id: string }>> => {
    const parsed = parseContactForm(form, { withEmail: false });
    if (!parsed.ok) return failure("Please correct the highlighted fields.", parsed.fieldErrors);
    const current = await getContact(ctx, contactId);
    const { data, ...rest } = parsed.input;
    await updateContact(ctx, contactId, { ...rest, data: dataPatchFor(current.data, data ?? {}) });
    revalidatePath("/contacts");
    revalidatePath(`/contacts/${contactId}`);
    return success("Contact saved", { id: contactId });
  },
);

export const deleteContactAction = dashboardAction(
  { args: [Id], notFound: "This contact was already deleted." },
  async ({ ctx }, contactId) => {
    await deleteContact(ctx, contactId);
    revalidatePath("/contacts");
    revalidatePath("/overview");
    return success("Contact deleted");
  },
);

type StoryPage = { ok: true; page: ContactStoryResource } | { ok: false; message: string };

/** "Load more" on the contact's story: the next page after `cursor`. */
export const loadContactStoryAction = dashboardAction(
  {
    args: [Id, z.string()],
    errors: (error): StoryPage => {
      if (error instanceof NotFoundError) return { ok: false, message: GONE };
      if (error instanceof ValidationError) {
        return { ok: false, message: "This list changed; reload the page." };
      }
      throw error;
    },
  },
  async ({ ctx }, contactId, cursor): Promise<StoryPage> => ({
    ok: true,
    page: serializeContactStory(
      await listContactStory(ctx, contactId, { cursor, limit: STORY_PAGE_SIZE }),
    ),
  }),
);

export const addContactTagAction = dashboardAction(
  { args: [Id, z.string()], fields: ["tag"], notFound: GONE },
  async ({ ctx }, contactId, tag) => {
    await addContactTag(ctx, contactId, { tag });
    revalidatePath(`/contacts/${contactId}`);
    revalidatePath("/contacts");
    return success(`Tag “${tag.trim()}” added`);
  },
);

export const removeContactTagAction = dashboardAction(
  { args: [Id, z.string()], fields: ["tag"], notFound: GONE },
  async ({ ctx }, contactId, tag) => {
    await removeContactTag(ctx, contactId, { tag });
    revalidatePath(`/contacts/${contactId}`);
    revalidatePath("/contacts");
    return success(`Tag “${tag}” removed`);
  },
);
