// Types of server/request-guards.mjs for the TypeScript that imports it (tests, the app's refusal reader).
import type { NextFunction, Request, Response } from "express";

export type Refusal = { status: number; message: string; limit?: number };
export declare const MULTIPART_ROUTES: { test: RegExp; limit: number }[];
export declare const FORM_LIMIT: number;
export declare const BACKOFFICE_FORM_LIMIT: number;
export declare const JSON_LIMIT: number;
export declare const JSON_PATHS: RegExp;
export declare const REFUSED_POST_HEADER: string;
export declare const REFUSAL_MESSAGES: { type: string; boundary: string; length: string; badLength: string; tooLarge: (limit: number) => string };
export declare function judgeBody(input: { method: string; path: string; headers: Record<string, string | string[] | undefined> }): Refusal | null;
export declare function methodGuard(req: Request, res: Response, next: NextFunction): void;
export declare function bodyGuard(req: Request, res: Response, next: NextFunction): void;
export declare function seeOtherAfterPost(req: Request, res: Response, next: NextFunction): void;
export declare function securityHeaders(options: { https: boolean }): (req: Request, res: Response, next: NextFunction) => void;
export declare function trustProxySetting(value: string | undefined): boolean | number | string[];
export declare function redactUrl(url: string): string;
