/**
 * The one shape of a back-office action: call the API; on success a toast (and the caller's own
 * follow-up, e.g. close the dialog); on failure the destructive 'Error' toast with the server's
 * reason; then the named queries refreshed (on success and on failure alike: a refused action may
 * still have found the data changed). The mutation stays pending until the refresh is under way,
 * so a dialog's button does not come back before the lists are asked again. With refreshFirst, the
 * follow-up waits for the refresh (a dialog closes only once the lists show what it made).
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
   * reason; a ToastInput is shown as it is (for a fixed text that leaves the reason out); a
   * function may return null when the caller answers the failure itself (onError).
   */
  failure: string | ToastInput | ((error: Error, vars: Vars) => ToastInput | null);
  /** Query keys (from lib/query-keys.ts, lib/queries-admin.ts) refreshed when the call is over. */
  invalidate?: readonly QueryKey[] | ((vars: Vars) => readonly QueryKey[]);
  /** After the success toast: the caller's follow-up (reset the form, close the dialog). */
  onSuccess?: (data: Data, vars: Vars) => void;
  /** After a failure, before its toast: the caller's follow-up (show the error in the form, ask again). */
  onError?: (error: Error, vars: Vars) => void;
  /** On success, refresh the queries before the follow-up (onSuccess) instead of after it. */
  refreshFirst?: boolean;
};

export function failureToast<Vars>(failure: AdminMutationOptions<Vars, unknown>["failure"], error: Error, vars: Vars): ToastInput | null {
  if (typeof failure === "function") return failure(error, vars);
  if (typeof failure === "string") return { title: "Error", description: `${failure}: ${describeApiError(error)}`, variant: "destructive" };
  return failure;
}

/** The mutation's callbacks, apart from React (toast and refresh are given), so their order can be tested. */
export function adminMutationCallbacks<Vars, Data>(
  options: AdminMutationOptions<Vars, Data>,
  toast: (t: ToastInput) => void,
  refresh: (queryKey: QueryKey) => Promise<unknown>,
) {
  const refreshAll = (vars: Vars) => {
    const keys = typeof options.invalidate === "function" ? options.invalidate(vars) : (options.invalidate ?? []);
    return Promise.all(keys.map(refresh));
  };
  return {
    onSuccess: async (data: Data, vars: Vars) => {
      const shown = typeof options.success === "function" ? options.success(data, vars) : options.success;
      if (shown) toast(shown);
      if (options.refreshFirst) await refreshAll(vars);
      options.onSuccess?.(data, vars);
    },
    onError: (error: Error, vars: Vars) => {
      options.onError?.(error, vars);
      const shown = failureToast(options.failure, error, vars);
      if (shown) toast(shown);
    },
    onSettled: (_data: Data | undefined, error: Error | null, vars: Vars) => (options.refreshFirst && !error ? undefined : refreshAll(vars)),
  };
}

export function useAdminMutation<Vars = void, Data = unknown>(options: AdminMutationOptions<Vars, Data>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.request,
    ...adminMutationCallbacks(options, toast, (queryKey) => queryClient.invalidateQueries({ queryKey })),
  });
}
