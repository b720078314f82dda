import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { connectionBounds, dataSourceOptions } from './data-source-options';
import { DatabaseNotifications } from './database-notifications.service';
import { Db } from './db.service';
import { PreparedSql } from './pipeline/prepared-sql.service';
import { TransactionHooks } from './transaction-hooks';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config, connectionBounds(config)),
        // No entity classes: the schema is the migrations', and SQL lives in repositories
        // (ADR 0053). TypeORM provides the pool, transactions and
        // the migrations runner.
        entities: [],
        retryAttempts: 2,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [PreparedSql, Db, DatabaseNotifications, TransactionHooks],
  exports: [Db, DatabaseNotifications],
})
export class DatabaseModule {}
