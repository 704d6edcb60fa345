import type { Command } from '../../shared/command';

export type RegisterBrand = Command<'RegisterBrand', { name: string }>;
export type BrandCommand = RegisterBrand;
