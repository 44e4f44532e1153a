/**
 * The one shape of a back-office action: call the API; on success a toast (and the caller's own
 * follow-up, e.g. close the dialog); on failure the destructive 'Error' toast with the server's
 * reason; then the named queries refreshed (on success and on failure alike: a refused action may
 * still have found the data changed). The mutation stays pending until the refresh is under way,
 * so a dialog's button does not come back before the lists are asked again.
 */
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useToast, type ToastInput } from "../toast.tsx";
import { describeApiError } from "./form.tsx";

export type AdminMutationOptions<Vars, Data> = {
  /** The API call. */
  request: (vars: Vars) => Promise<Data>;
  /** The success toast, or null for none. */
  success?: ToastInput | ((data: Data, vars: Vars) => ToastInput | null) | null;
  /**
   * The failure toast: a sentence ("Failed to update odds") is followed by ': ' and the server's
   * reason; a ToastInput is shown as it is (for a fixed text that leaves the reason out).
   */
  failure: string | ToastInput | ((error: Error, vars: Vars) => ToastInput);
  /** Query keys (from lib/queries.ts) refreshed when the call is over. */
  invalidate?: readonly QueryKey[] | ((vars: Vars) => readonly QueryKey[]);
  /** After the success toast: the caller's follow-up (reset the form, close the dialog). */
  onSuccess?: (data: Data, vars: Vars) => void;
};

export function failureToast<Vars>(failure: AdminMutationOptions<Vars, unknown>["failure"], error: Error, vars: Vars): ToastInput {
  if (typeof failure === "function") return failure(error, vars);
  if (typeof failure === "string") return { title: "Error", description: `${failure}: ${describeApiError(error)}`, variant: "destructive" };
  return failure;
}

export function useAdminMutation<Vars = void, Data = unknown>(options: AdminMutationOptions<Vars, Data>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.request,
    onSuccess: (data: Data, vars: Vars) => {
      const shown = typeof options.success === "function" ? options.success(data, vars) : options.success;
      if (shown) toast(shown);
      options.onSuccess?.(data, vars);
    },
    onError: (error: Error, vars: Vars) => toast(failureToast(options.failure, error, vars)),
    onSettled: (_data, _error, vars: Vars) => {
      const keys = typeof options.invalidate === "function" ? options.invalidate(vars) : (options.invalidate ?? []);
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
