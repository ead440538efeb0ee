import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CreateFlowOptions, FlowTypes, UpdateReplies } from '../kratos/client.ts';
import {
  createSubmitGate,
  decideFlowFailure,
  restartPath,
  type FlowDecision,
  type FlowFailure,
  type FlowKind,
  type FlowPhase,
} from '../kratos/decisions.ts';
import { useKratosFlows } from './KratosContext.tsx';

/** Navigates to an app path with the router, and to any other address with the browser. */
export function useGo(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      if (/^https?:\/\//.test(to)) {
        const url = new URL(to);
        if (typeof window !== 'undefined' && url.origin === window.location.origin)
          navigate(url.pathname + url.search + url.hash);
        else window.location.assign(to);
      } else navigate(to);
    },
    [navigate],
  );
}

export interface SelfServiceFlow<K extends FlowKind> {
  flow: FlowTypes[K] | undefined;
  setFlow(flow: FlowTypes[K]): void;
  /** A page-level message (why the flow restarted, or a flow-less server message). */
  notice: string | undefined;
  busy: boolean;
  /** Sends the form; ignored while a submission is in flight. Resolves to the reply on success. */
  submit(body: Record<string, unknown>): Promise<UpdateReplies[K] | undefined>;
  go(to: string): void;
  search: URLSearchParams;
}

export class FlowRequestError extends Error {
  constructor(readonly failure: FlowFailure) {
    super(`Self-service request failed with HTTP ${failure.status}`);
  }
}

/** Loads (by ?flow=) or creates a flow and carries out the adapter's decisions for every failure. */
export function useSelfServiceFlow<K extends FlowKind>(
  kind: K,
  createOptions: (search: URLSearchParams) => CreateFlowOptions,
): SelfServiceFlow<K> {
  const flows = useKratosFlows();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const go = useGo();
  const [flow, setFlow] = useState<FlowTypes[K]>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<FlowFailure>();
  // Network errors (no reply at all) go to the error boundary like unexpected replies.
  const [crash, setCrash] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [restarts, setRestarts] = useState(0);
  const gate = useMemo(() => createSubmitGate(), []);
  const flowId = search.get('flow');
  const optionsRef = useRef(createOptions);
  optionsRef.current = createOptions;
  const searchRef = useRef(search);
  searchRef.current = search;

  const apply = useCallback(
    (decision: FlowDecision<FlowTypes[K]>) => {
      switch (decision.type) {
        case 'redirect':
          return go(decision.to);
        case 'restart':
          setNotice(decision.message);
          setFlow(undefined);
          setRestarts((count) => count + 1);
          return navigate(restartPath(kind, searchRef.current), { replace: true });
        case 'render':
          return setFlow(decision.flow);
        case 'message':
          return setNotice(decision.message);
        case 'fail':
          return setFailure(decision.failure);
      }
    },
    [go, kind, navigate],
  );

  const decide = useCallback(
    (result: FlowFailure, phase: FlowPhase) => {
      const returnTo = searchRef.current.get('return_to') ?? undefined;
      apply(decideFlowFailure<FlowTypes[K]>(result, { kind, phase, returnTo }));
    },
    [apply, kind],
  );

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      if (flowId) {
        if (flow?.id === flowId) return;
        const result = await flows.get(kind, flowId);
        if (cancelled) return;
        if (result.ok) setFlow(result.data);
        else decide(result.failure, 'get');
        return;
      }
      const result = await flows.create(kind, optionsRef.current(searchRef.current));
      if (cancelled) return;
      if (!result.ok) return decide(result.failure, 'create');
      setFlow(result.data);
      // Keep the flow in the URL so a reload continues it instead of starting over.
      const next = new URLSearchParams(searchRef.current);
      next.set('flow', result.data.id);
      setSearch(next, { replace: true });
    };
    load().catch((error: unknown) => {
      if (!cancelled) setCrash(error);
    });
    return () => {
      cancelled = true;
    };
    // `flow` is read only to skip refetching the flow just created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flowId, kind, flows, restarts, decide, setSearch]);

  const submit = useCallback(
    async (body: Record<string, unknown>) => {
      if (!flow) return undefined;
      const current = flow;
      return gate.run(async () => {
        setBusy(true);
        try {
          const result = await flows.update(kind, current.id, body).catch((error: unknown) => {
            setCrash(error);
            return undefined;
          });
          if (!result) return undefined;
          if (result.ok) return result.data;
          decide(result.failure, 'update');
          return undefined;
        } finally {
          setBusy(false);
        }
      });
    },
    [decide, flow, flows, gate, kind],
  );

  if (crash) throw crash;
  if (failure) throw new FlowRequestError(failure);
  return { flow, setFlow, notice, busy, submit, go, search };
}
